"""The server's routes, grouped as their users meet them: a table's match (``matches``), the room's
screen and a table's page (``room``), the host's night (``host``), and the club's records
(``club``). Each route adapts one use case of the application (``replay/web/served.py``)."""
