"""COSCA's guided first game: three families, one deal (``core.tutorial``).

The deal (seed 1) begins on a Saturday (the tutorial's first day, whatever day it is
played), a race day, with Nicky Bruno in the row, whose condition two of the learner's
three dice can meet; on Sunday both rivals come for him, so the seven lessons meet the
dice, the Villa, one die serving two mobsters, the Club's drink and two fights, one to
win and one to let go. ``tests/conformance/test_tutorials.py`` replays them.
"""

from __future__ import annotations

from mobtable.core.tutorial import Lesson, Tutorial

TUTORIAL = Tutorial(
    players=3,
    seed=1,
    names=("Ann", "Carla", "Salvo"),
    bot="greedy",
    welcome=(
        "Welcome to COSCA! You lead a mafia family against Carla's and Salvo's for one week, "
        "a day a round. Whoever has the loyalty of the most mobsters on the last evening "
        "wins. You never roll your minion dice: you turn each one to the place in the city "
        "where you send that minion. I will explain each of your first moves."
    ),
    lessons=(
        Lesson(
            move="RCV",
            say=(
                "Set your three dice, secretly: everyone's are shown at once. A mobster whose "
                "condition your dice meet gets one of your hats, and if your hat is alone "
                "under him his loyalty is yours. Nicky Bruno wants a die on the Club and one "
                "on the Villa. Your third die can earn: today is Saturday, a race day, and "
                "the Racetrack pays 2 money for each die there. Send one die to the "
                "Racetrack, one to the Club and one to the Villa."
            ),
            wrong=(
                "Nicky Bruno needs the Club and the Villa, and on a race day the Racetrack "
                "pays best: one die on each of the three."
            ),
            point="city",
        ),
        Lesson(
            move="villa",
            say=(
                "The dice are shown: your hat went under Nicky Bruno and the Racetrack paid "
                "you. A die on the Villa lets you ask the Don for an extra die: it waits on "
                "your villa token and joins your dice tomorrow, twice a game at most. More "
                "dice meet more conditions: ask him."
            ),
            wrong="An extra die tomorrow is worth more than keeping your two requests: ask.",
            point="hand",  # what you hold, beside the Villa question (the web points there)
        ),
        Lesson(
            move="RRCVS",
            say=(
                "Sunday, day 2: you have five dice, the three everyone gets, one from Nicky "
                "Bruno, who works on Sundays (a loyal mobster brings a die on his working "
                "days), and the Don's. Joey Falco joined the row: he wants the Club and the "
                "Street. One die may count for several mobsters, so a die on the Club serves "
                "Nicky and Joey alike. Nicky stays yours only if you are among the hats "
                "under him. Send one die each to the Club, the Villa and the Street, and two "
                "to the Racetrack: Sunday is a race day too."
            ),
            wrong=(
                "Keep a hat under Nicky Bruno (Club and Villa) and reach Joey Falco (Club "
                "and Street) with the same Club die; the two left earn at the Racetrack."
            ),
            point="city",
        ),
        Lesson(
            move="club1",
            say=(
                "Carla and Salvo put hats under Nicky Bruno and Joey Falco too. Your die on "
                "the Club lets you buy a loyal mobster a drink: 1 of your money on his card. "
                "A drink lets you fight for him on a day your dice miss his condition. "
                "Protect Nicky: invite him."
            ),
            wrong="Nicky Bruno is the one worth protecting: buy him the drink.",
            point="row",
        ),
        Lesson(
            move="villa",
            say="Ask the Don once more: your last request this game, for a die tomorrow.",
            wrong="A die tomorrow is worth your last request: ask the Don.",
            point="hand",  # what you hold, beside the Villa question (the web points there)
        ),
        Lesson(
            move="4m1w",
            say=(
                "Three hats under Nicky Bruno: a fight. Each of you closes a fist on money "
                "and weapons, secretly; money counts 1 and a weapon 3, and the highest value "
                "wins him. Everyone loses what they offered, the winner too, and on a tie he "
                "stays as he was and the tied fight again tomorrow. Offer 4 money and 1 "
                "weapon, a value of 7: enough to count, with something kept back."
            ),
            wrong=(
                "Too little may lose Nicky, too much leaves you nothing for later: offer 4 "
                "money and 1 weapon, a value of 7."
            ),
            point="row",
        ),
        Lesson(
            move="0m0w",
            say=(
                "Now Joey Falco. You have 3 money and 1 weapon left, and Carla kept far more "
                "money than you. You cannot win every fight: offer nothing, lose nothing, "
                "and let Carla and Salvo spend on each other."
            ),
            wrong=(
                "Whatever you offer here is lost, and Carla can outbid it: offer nothing this time."
            ),
            point="row",
        ),
    ),
    farewell=(
        "You know a COSCA day now: secret dice, the city's places paying in order, hats "
        "under the mobsters whose conditions you meet, and fights with money and weapons "
        "when several families want the same one. Play the rest of the week against Carla "
        "and Salvo."
    ),
    options={"start_day": "sat"},  # the lessons' week begins on a Saturday, whatever the day
)
