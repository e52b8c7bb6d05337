"""Pokette's own drawing: the wheel (pygame, off screen, shown in Qt: wheel_widget.py) and
the layout with chips, marker and card stand (QPainter: layout_view.py, the "pokette"
scene view). pygame is imported only by wheel_widget.py."""
