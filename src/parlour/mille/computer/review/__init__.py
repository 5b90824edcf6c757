"""Mille's hand review: the player's costliest decisions of a hand, judged by the strong computer.

``reviewer`` (the :class:`~parlour.mille.computer.review.reviewer.Reviewer` and its
findings), ``deals`` (the unseen cards dealt for the playouts), ``outcomes`` (both moves
played out), ``reasons`` / ``extension`` / ``words`` / ``summary`` / ``wrap`` (why, in
words), ``patterns`` (small losses of one kind gathered). Nothing is re-exported here, so
importing one module never pulls in the computer player with it.
"""
