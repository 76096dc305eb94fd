"""Gangsta's guided first game: three players, one deal, eight lessons (``core.tutorial``).

The deal (seed 7) gives the learner an early trick to win, cards that pair with the centre
card, a lead that Salvo beats with two cards together, two raids and a trick to lose well;
each lesson was written for the position the taught moves lead to, which
``tests/games/gangsta/test_tutorial.py`` replays.
"""

from __future__ import annotations

from mobtable.core.tutorial import Lesson, Tutorial

PLACE_ANYWHERE = (
    "Any empty cell would do, but this deal's lessons were written for the cells I suggest, "
    "so that the rest of them meet the position they explain."
)

TUTORIAL = Tutorial(
    players=3,
    seed=7,
    names=("Ann", "Carla", "Salvo"),
    bot="greedy",
    welcome=(
        "Welcome to Gangsta! You sit with Carla and Salvo. I will explain each of your first "
        "moves; this first game is dealt the same way every time. Gangsta is a trick-taking "
        "game: win tricks, then lay the cards you won on the 5 by 5 grid, scoring whenever "
        "equal numbers line up in a row or a column. The most points wins."
    ),
    lessons=(
        Lesson(
            say=(
                "Before the first trick everyone may redraw: a hand with fewer than two 8s or "
                "9s may swap its three lowest cards for three from the deck. Your hand has an "
                "Irish 9, a Bratva 9 and a Yakuza 8, so you keep it."
            ),
            point="hand",
        ),
        Lesson(
            move="I9W",
            say=(
                "The card turned up before the deal made the Cosa Nostra the mafia boss: their "
                "cards are trumps and beat every other mafia. You lead the first trick with "
                "any one card, and the others must answer with the mafia you led if they hold "
                "it. A 9 is the highest number: lead your Irish 9 weak."
            ),
            wrong=(
                "You may lead any card, but for your first trick lead a high card of a mafia "
                "that is not trumps."
            ),
            point="hand",
        ),
        Lesson(
            move="I3W@A3",
            say=(
                "You won the trick: the three cards played are yours to lay on empty cells of "
                "the grid, one at a time. A card scores the moment it is laid, for the equal "
                "numbers already in its row and in its column, whatever their mafia. The "
                "Bratva 3 on C3 is in column 3, so your Irish 3 weak on A3 makes a pair with "
                "it: 1 point."
            ),
            wrong=(
                "That cell scores nothing now. Lay the Irish 3 weak in column 3, with the 3 "
                "on C3: a pair, 1 point."
            ),
            point="grid",
        ),
        Lesson(
            move="I4S@A1",
            say=(
                "Your two other cards match nothing on the grid yet, but they will count "
                "later: an equal number laid in their row or column afterwards pairs with "
                "them. Lay the Irish 4 strong on A1."
            ),
            wrong=PLACE_ANYWHERE,
            point="grid",
        ),
        Lesson(
            move="I9W@A2",
            say="And the last card of the trick: the Irish 9 weak on A2.",
            wrong=PLACE_ANYWHERE,
            point="grid",
        ),
        Lesson(
            move="R9S",
            say=(
                "The winner of a trick leads the next one, so you lead again. Lead your "
                "Bratva 9 strong, and watch how Salvo answers it."
            ),
            wrong="Lead the Bratva 9 strong this time: Salvo's answer is the next lesson.",
            point="hand",
        ),
        Lesson(
            move="Y5W+Y6W",
            say=(
                "Salvo won by playing two cards at once: two cards of the led mafia and of "
                "one power, both strong or both weak, whose sum beats every play before "
                "them. Now Salvo leads a Yakuza 9 weak, and you may answer the same way: "
                "your Yakuza 5 weak and 6 weak together make 11, more than 9. It has a cost: "
                "with one card fewer, you will run out of cards a trick before the others."
            ),
            wrong="Try answering with two cards together: 5 + 6 = 11 beats the 9.",
            point="hand",
        ),
        Lesson(
            move="Y3S",
            say=(
                "Carla's cards filled row A, and a full row or column brings the police: an "
                "ambush card is turned and every card in the row and the column it marks "
                "leaves the game (the points already scored stay). Now you must follow the "
                "Yakuza while you hold any. Your Yakuza 8 weak would lose to Salvo's 8 "
                "strong, since on equal numbers strong beats weak: keep it for later and "
                "give away your Yakuza 3 strong."
            ),
            wrong=(
                "You cannot beat Salvo's Yakuza 8 strong this trick, so do not waste your "
                "8: give away the 3."
            ),
            point="hand",
        ),
    ),
    farewell=(
        "That is all of Gangsta: lead or follow, win tricks, lay the cards for pairs, trios "
        "and more, and mind the full lines. Play on against Carla and Salvo."
    ),
)
