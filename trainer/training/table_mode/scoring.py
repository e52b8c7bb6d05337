from trainer.contracts.round_record import DEAL_MODE, MODES, WATCH_MODE, RoundRecord  # noqa: F401 - moved to trainer/contracts/round_record.py (issue 16)
