"""`taikyoku simulate`: random legal matches recorded from a seed, for demos and benchmarks."""

from __future__ import annotations

from typing import Annotated

import typer

from replay.app.catalog import GAMES, games_said
from replay.cli.app import DEFAULT_DB, DbOption, JsonOption, app, application, print_json
from replay.cli.display import out


def _simulate(
    game: str, seed: int, rounds: int, match_id: str | None, player: list[str] | None, option: list[str] | None,
    db: str, json_out: bool, ruleset_id: str | None = None,
) -> None:  # fmt: skip
    options = option or ()
    done = application(db, create=True).simulate(  # the store made only once the request is known to be sound
        game, seed, rounds, match_id=match_id, players=player, options=options, ruleset_id=ruleset_id
    )
    if json_out:
        print_json({"match_id": done.match_id, "events": done.events, "seed": seed, "rounds": done.rounds})
    else:
        word = GAMES[game].round_word + ("" if done.rounds == 1 else "s")
        out.print(f"{done.match_id}: {done.events} events, {done.rounds} {word} (seed {seed})")


SeedOption = Annotated[int, typer.Option(help="The random seed: the same seed gives the same match.")]
SimIdOption = Annotated[str | None, typer.Option("--id", help="The match id (default: GAME-sim-SEED).")]
PlayersOption = Annotated[list[str] | None, typer.Option("--player", "-p", help="The names, in seat order.")]
OptionsOption = Annotated[list[str] | None, typer.Option("--option", "-O", help="A rule option as name=value.")]
RulesetOption = Annotated[
    str | None, typer.Option("--ruleset", help="The ruleset (see `taikyoku rules`); the game's default if left out.")
]


@app.command("simulate")
def simulate(
    game: Annotated[str, typer.Argument(help=f"The game: {games_said()}.", metavar="GAME")],
    seed: SeedOption = 1,
    rounds: Annotated[
        int | None,
        typer.Option(
            "--rounds", "--hands", help="Rounds (or hands) to play. Default: 6 rounds, 4 hands.", min=1, max=1000
        ),
    ] = None,
    match_id: SimIdOption = None,
    player: PlayersOption = None,
    option: OptionsOption = None,
    ruleset: RulesetOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Record a random legal match of GAME, reproducible from its seed."""
    from replay.app.catalog import game as game_named

    played = game_named(game)
    default = 6 if played.round_word == "round" else 4
    _simulate(played.name, seed, rounds or default, match_id, player, option, db, json_out, ruleset)
