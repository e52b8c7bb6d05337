"""Training layer: quiz sessions, practice, the scheduler and exams (questions and their
grading are in trainer.contracts). No Qt, no database."""
