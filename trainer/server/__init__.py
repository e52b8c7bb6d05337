"""The classroom server (issue 19): stations and the supervisor on PostgreSQL, beside the
station's own SQLite store (``trainer.store``), which stays the default and the place
every answer is committed to first.

- ``schema``: the server's tables, roles, policies and migrations (the one place);
- ``connection``: connecting (psycopg 3), and what ``server check`` reports;
- ``accounts``: the supervisor's side: station and supervisor login roles, trainees and
  their PINs, classes, exams published to a class, results released;
- ``station``: a station's side: sign-in with name and PIN, the open exams, an exam
  started by the server's clock, released results;
- ``sender``: the background sender (a thread) that sends what the station's SQLite
  holds and the server does not, idempotently (answer ids);
- ``checker``: the supervisor's checker, which re-grades every answer that arrived with
  the rules core (the same checks as a file import: ``trainer.review.importer``);
- ``dashboard``: the supervisor's figures read from the server's summary data, and the
  live view of a class during an exam;
- ``cli``: ``dealer-trainer server init|check|accept URL`` and the instructor's
  ``server login|trainee|class|publish|release|live URL ...``.

The window's side is in ``trainer.ui``: ``server_link`` (sign-in with name and PIN, the
sender's status in the status bar), ``server_exams`` (a trainee's open exams and released
results) and ``server_live`` (the supervisor's live class view).

Nothing here imports Qt; psycopg is imported only by these modules (the ``server``
extra: ``pip install 'dealer-trainer[server]'``).
"""
