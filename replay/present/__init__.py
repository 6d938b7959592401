"""The pages: the replay page, the table page's parts and the statistics page, drawn from what the
application core answers. One shell and one security policy (``page``), each game's drawing in its
own folder (``replay/games/<game>/page.js``)."""
