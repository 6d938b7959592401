"""Reading and writing records: taikyoku's own export (``native``), and recognising a file's format
(``detect``) among it and the formats each game declares (``Game.log_formats``, read in the game's
own folder). taikyoku's own exports are read as a stream, a match at a time, whatever their size."""
