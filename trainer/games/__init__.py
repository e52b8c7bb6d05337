"""The games. Each game is a package that supplies its rules core and its question
generators and registers itself in ``trainer.games.registry``."""
