"""The rule book: the school's rule texts parsed into sections (``texts``), citations
read back into references (``citations``), and the library of loaded texts with the
app's own index of each game's sections (``library``). Pure Python, no Qt."""
