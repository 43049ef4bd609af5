from hench.core import RandomBot

__all__ = ["RandomBot"]
