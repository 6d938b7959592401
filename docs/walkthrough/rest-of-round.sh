# The rest of round 1 of table-5, as the scorer recorded it: one command per play or draw.
set -e
taikyoku play table-5 susuki-moon
taikyoku draw table-5 wisteria-cuckoo
taikyoku play table-5 paulownia-phoenix
taikyoku draw table-5 plum-poetry
taikyoku play table-5 iris-chaff-2 -c iris-bridge
taikyoku draw table-5 cherry-curtain -c cherry-poetry
taikyoku play table-5 maple-blue -c maple-chaff-1
taikyoku draw table-5 wisteria-ribbon -c wisteria-cuckoo
taikyoku play table-5 iris-ribbon
taikyoku draw table-5 susuki-chaff-2 -c susuki-moon
taikyoku play table-5 peony-butterflies -c peony-blue
taikyoku draw table-5 chrysanthemum-chaff-2 -c chrysanthemum-cup
taikyoku play table-5 plum-warbler -c plum-poetry
taikyoku draw table-5 pine-crane
taikyoku play table-5 clover-ribbon
taikyoku draw table-5 maple-deer
taikyoku play table-5 wisteria-chaff-1
taikyoku draw table-5 iris-chaff-1 -c iris-ribbon
taikyoku play table-5 willow-ribbon -c willow-rainman
taikyoku draw table-5 plum-chaff-1
taikyoku play table-5 pine-chaff-1 -c pine-crane
taikyoku draw table-5 clover-boar -c clover-ribbon
