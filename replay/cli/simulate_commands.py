"""`taikyoku simulate`: random legal matches recorded from a seed, for demos and benchmarks."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from replay.app.catalog import GAMES
from replay.cli.app import DEFAULT_DB, DbOption, JsonOption, app, open_store, print_json
from replay.cli.display import out

simulate_app = typer.Typer(help="Record random legal matches, reproducible from a seed.", no_args_is_help=True)
app.add_typer(simulate_app, name="simulate")


def _simulate(
    game: str, seed: int, rounds: int, match_id: str | None, player: list[str] | None, option: list[str] | None,
    db: Any, json_out: bool, ruleset_id: str | None = None,
) -> None:  # fmt: skip
    from replay.app.simulate import check_simulation, record_simulated

    options = option or ()
    check_simulation(game, seed, match_id=match_id, players=player, options=options, ruleset_id=ruleset_id)
    with open_store(db, create=True) as store:  # made only once the request is known to be sound
        done = record_simulated(
            store, game, seed, rounds, match_id=match_id, players=player, options=options, ruleset_id=ruleset_id
        )
    if json_out:
        print_json({"match_id": done.match_id, "events": done.events, "seed": seed, "rounds": done.rounds})
    else:
        word = GAMES[game].round_word + ("" if done.rounds == 1 else "s")
        out.print(f"{done.match_id}: {done.events} events, {done.rounds} {word} (seed {seed})")


SeedOption = Annotated[int, typer.Option(help="The random seed: the same seed gives the same match.")]
RoundsOption = Annotated[int, typer.Option(help="Rounds in the match.", min=1, max=1000)]
SimIdOption = Annotated[str | None, typer.Option("--id", help="The match id (default: GAME-sim-SEED).")]
PlayersOption = Annotated[list[str] | None, typer.Option("--player", "-p", help="The names, in seat order.")]
OptionsOption = Annotated[list[str] | None, typer.Option("--option", "-O", help="A rule option as name=value.")]
RulesetOption = Annotated[
    str | None, typer.Option("--ruleset", help="The ruleset (see `taikyoku rules`); the game's default if left out.")
]


@simulate_app.command("tensho")
def simulate_tensho(
    seed: SeedOption = 1,
    rounds: RoundsOption = 6,
    match_id: SimIdOption = None,
    player: PlayersOption = None,
    option: OptionsOption = None,
    ruleset: RulesetOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Record a random legal Tensho match."""
    _simulate("tensho", seed, rounds, match_id, player, option, db, json_out, ruleset)


@simulate_app.command("riichi")
def simulate_riichi(
    seed: SeedOption = 1,
    rounds: Annotated[int, typer.Option("--hands", help="Hands to play.", min=1, max=1000)] = 4,
    match_id: SimIdOption = None,
    player: PlayersOption = None,
    option: OptionsOption = None,
    ruleset: RulesetOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Record random legal riichi hands (Tenhou's rules unless --ruleset), each hand following from the last."""
    _simulate("riichi", seed, rounds, match_id, player, option, db, json_out, ruleset)


@simulate_app.command("sendai")
def simulate_sendai(
    seed: SeedOption = 1,
    rounds: RoundsOption = 6,
    match_id: SimIdOption = None,
    player: PlayersOption = None,
    option: OptionsOption = None,
    ruleset: RulesetOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Record a random legal Sendai-hana match (choose --option sendai.teyakuMode=...)."""
    _simulate("sendai", seed, rounds, match_id, player, option, db, json_out, ruleset)
