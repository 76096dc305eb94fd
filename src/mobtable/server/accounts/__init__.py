"""Optional accounts: names, passwords, sessions, CSRF, the seats they hold and ratings.

Guests play exactly as without them; a signed-in player's seats are also held by
the account, which keeps its games, its ratings per game and its profile.
``names`` (what an account's name may be), ``passwords`` (Argon2), ``desk``
(sign up, in, out, the password, claiming a guest's games), ``csrf`` (the
double-submit token every state-changing request carries), ``ratings``
(openskill, when a rated game ends) and ``profiles`` (profile and leaderboard).
"""
