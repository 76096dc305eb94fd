"""Capo della Mafia's guided first game: three capos, one deal (``core.tutorial``).

The deal (seed 0) opens with a job the learner's hand can do with two cards, two rivals
who each send a single card, and then a job no card in the learner's hand can do, so the
eight lessons meet the honest crew, what to show, a suspicion and a bluff;
``tests/conformance/test_tutorials.py`` replays them.
"""

from __future__ import annotations

from mobtable.core.tutorial import Lesson, Tutorial

TUTORIAL = Tutorial(
    players=3,
    seed=0,
    names=("Ann", "Carla", "Salvo"),
    bot="greedy",
    welcome=(
        "Welcome to Capo della Mafia! You are a capo, like Carla and Salvo. Each round the "
        "boss hands out a job and every capo sends a crew of gangsters face down to do it. "
        "Crews can bluff, and the others may suspect them. Respect goes to jobs done and to "
        "bluffers caught: the first to 15 respect becomes the boss of all bosses. I will "
        "explain each of your first moves."
    ),
    lessons=(
        Lesson(
            move="p2",
            say=(
                "This round's job is the Smuggling run: a car and cash, at most 3 stars in "
                "the whole crew. Stars are trouble: a crew with more than the job allows "
                "fails. Your Picciotto brings cash with no star and your Soldato a car with "
                "1 star: two cards do the job with 1 star. First say how many cards you "
                "send, face down: nobody sees the number until all crews are down."
            ),
            wrong=(
                "Any number from one card up is allowed, and a crew may be a bluff, but "
                "this job needs two symbols and two of your cards bring them: send two."
            ),
            point="hand",
        ),
        Lesson(
            move="d31",
            say="Now lay the crew face down, one card at a time: first the Picciotto, the cash.",
            wrong="Your crew for this job is the Picciotto (cash) and the Soldato (car).",
            point="hand",
        ),
        Lesson(
            move="d42",
            say="And the Soldato, the car.",
            wrong="The Soldato brings the car the job needs, with just 1 star.",
            point="hand",
        ),
        Lesson(
            move="u31",
            say=(
                "All crews are down: Carla and Salvo each sent a single card. Now everyone "
                "turns half of their crew face up, rounded down, and chooses which: with two "
                "cards you show one, with one you show nothing. What you show is what the "
                "others read of your crew. Show the cash: half of the job, in plain sight."
            ),
            wrong=(
                "Either card may be shown; for this lesson show the Picciotto, so the "
                "others see half of the job done."
            ),
            point="crew",
        ),
        Lesson(
            move="s1",
            say=(
                "Suspicions are laid by everyone at once: point at one capo, or at nobody. "
                "A suspected capo shows the whole crew; it fails with a missing symbol or "
                "too many stars, and its capo goes to prison. Suspecting a capo who goes to "
                "prison earns 2 respect; one whose job is done costs you 1. One card does a "
                "two-symbol job only if it is one of the rare cards with two symbols: "
                "suspect Carla."
            ),
            wrong=(
                "Nobody is a safe choice, but a single card facing a two-symbol job is "
                "worth a suspicion: suspect Carla."
            ),
            point="seats",
        ),
        Lesson(
            move="p1",
            say=(
                "Carla went to prison and you caught her: +2, and +1 for your job, done "
                "without anyone seeing it. Round 2's job, A few bucks on the side, wants one "
                "symbol of your choice and not a single star, and every card left in your "
                "hand has stars. No crew of yours can do it, but turning a job down is not "
                "an option: you bluff. A bluff is safest small: send one card."
            ),
            wrong=(
                "More cards cannot make this job: each of yours adds stars. Keep your cards "
                "for later rounds and bluff with one."
            ),
            point="hand",
        ),
        Lesson(
            move="d26",
            say=(
                "Lay the card you need least: the Sgarrista with a knife. A single card is "
                "never shown before the suspicions, so your bluff stays hidden unless "
                "someone suspects you."
            ),
            wrong="Keep the cash and the Sicario for later jobs: lay the Sgarrista with a knife.",
            point="hand",
        ),
        Lesson(
            move="s1",
            say=(
                "Read what is face up: Carla sent three cards and showed a Braccio destro "
                "with 3 stars, in a job that allows not a single star. Whatever else she "
                "sent, her crew has too many stars already. Suspect her."
            ),
            wrong=(
                "Carla's shown card alone has 3 stars, and this job allows not one: she is the "
                "one to suspect."
            ),
            point="seats",
        ),
    ),
    farewell=(
        "Watch your bluff now: a capo nobody suspects never shows the crew, and the job "
        "counts as done. That is a whole round of Capo della Mafia: a job, a crew face down, "
        "half of it shown, suspicions, and respect for jobs done and bluffers caught. Play on "
        "against Carla and Salvo."
    ),
)
