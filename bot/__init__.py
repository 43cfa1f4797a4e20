"""gamemaster: a Discord game master for tabletop games."""
