"""What the tile games share (riichi and MCR): the faces of the tiles as the pages draw them."""
