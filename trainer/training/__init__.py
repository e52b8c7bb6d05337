"""Training layer: questions, grading and quiz sessions. No Qt, no database."""
