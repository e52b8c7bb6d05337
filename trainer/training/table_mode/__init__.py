"""Table mode: the trainee deals whole rounds as the dealer while the app plays the
players (``dealer_round``), or watches the app deal and stops it at each mistake
(``watch``). Pure Python: a game supplies a ``RoundScript`` (every dealer action of one
round, in order, each citing its section, with the table as it looks after each one);
this package grades, times and scores. The user interface is trainer/ui/table_mode/screen.py.
"""
