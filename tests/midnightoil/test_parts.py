"""Midnight Oil's draw, assistance and leaving as parts of their own (issue #29), no app."""

from __future__ import annotations

from parlour.midnightoil.computer.advisor import Advisor
from parlour.midnightoil.files.statsfile import load_stats
from parlour.midnightoil.game.cards import FAN_KEYS
from parlour.midnightoil.game.history import Game
from parlour.midnightoil.game.rules import Move, State
from parlour.midnightoil.terminal.app import MidnightOilApp
from parlour.midnightoil.terminal.assist import Assist
from parlour.midnightoil.terminal.draw import Draw
from parlour.midnightoil.terminal.ending import Ending
from parlour.tui import keys
from parlour.tui.glyphs import ASCII


class Host:
    """A host with a real game and a message row (it is the parts' rows too), recording
    what the parts ask of it."""

    def __init__(self, deal: int = 1) -> None:
        self.game = Game(deal)
        self.ending = Ending()
        self.advisor = Advisor()
        self.glyphs = ASCII
        self.message = ""
        self.asked: list[tuple[str, str]] = []
        self.refusals: list[str] = []
        self.played: list[list[Move]] = []
        self.cleared = 0

    def say(self, message: str) -> None:
        self.message = message

    def refuse(self, message: str) -> None:
        self.refusals.append(message)

    def play(self, moves: list[Move], message: str | None = None) -> bool:
        self.game.apply_step(moves)
        self.played.append(moves)
        return True

    def card(self, card: int | None) -> str:
        return "?" if card is None else str(card)

    def clear_choice(self) -> None:
        self.cleared += 1

    def drop_selection(self) -> None:
        self.cleared += 1

    def game_over(self, kind: str, message: str | None = None) -> None:
        self.asked.append(("over", kind))

    def ask(self, kind: str, question: str) -> None:
        self.asked.append((kind, question))

    def reset_ui(self) -> None:
        self.cleared += 1


def test_a_draw_goes_fan_card_destination_and_plays_once() -> None:
    host = Host()
    part = Draw(host, host)
    part.start()
    assert part.mode is not None and part.mode.step == 1 and host.cleared == 1
    fan, position = part.drawable()[0]
    part.key(FAN_KEYS[fan])
    assert part.mode.step == 2 and part.mode.fan == fan
    part.mode.position = position
    part.key(" ")
    assert part.mode.step == 3 and host.message.startswith("Draw ")
    part.key(" ")  # the smart destination
    assert len(host.played) == 1 and host.played[0][0].kind == "draw"
    assert host.game.state.draw_used


def test_a_cancelled_draw_is_still_the_players_and_a_used_one_is_refused() -> None:
    host = Host()
    part = Draw(host, host)
    part.start()
    part.key(keys.ESC)
    assert part.mode is None and "still yours" in host.message and not host.played
    part.start()
    part.key("?")
    assert host.refusals[-1].startswith("Draw: press a fan letter first")
    state = host.game.state
    host.game.state = State(state.deal_number, state.fans, state.foundations, 2, True)
    part.mode = None
    part.start()
    assert part.mode is None and host.refusals[-1].startswith("The draw has already been used")


def test_hints_cycle_best_first_and_a_reset_drops_them() -> None:
    host = Host()
    part = Assist(host, host, host.ending, host.advisor, host.glyphs)
    part.give_hint(again=False)
    first = part.hint
    assert first is not None and part.hint_cycle[0] == first and part.after_hint
    assert len(part.hint_cycle) > 1  # deal 1 opens with several useful moves
    part.give_hint(again=True)
    assert part.hint == part.hint_cycle[1]
    part.reset()
    assert part.hint is None and part.hint_cycle == [] and part.verdict is None


def test_auto_solve_is_asked_first_then_counts_the_game_as_solved() -> None:
    host = Host()
    part = Assist(host, host, host.ending, host.advisor, host.glyphs)
    part.ask_solve()
    assert host.asked[-1][0] == "solve" and not part.solving and not host.game.solver_used
    part.start_solving()
    assert part.solving and host.game.solver_used and host.game.touched
    part.on_timeout()
    assert host.played  # the computer made a move
    part.stop_solving()
    assert not part.solving and host.message == "Auto-solve stopped."


def test_leaving_a_played_game_asks_first_and_counts_it_as_lost() -> None:
    session = MidnightOilApp(Game(5), ASCII)
    untouched = session.game
    session.leaving.leave_game("restart")  # nothing played: no question, nothing recorded
    assert session.prompt is None and session.game is not untouched
    assert session.game.deal_number == 5 and load_stats()[0].own == 0
    session.play([session.game.state.legal_moves()[0]])
    session.leaving.leave_game("new")
    assert session.prompt is not None and session.prompt.kind == "abandon-new"
    assert session.leaving.answered("abandon-new", True)
    assert session.game.deal_number != 5 and load_stats()[0].own == 1


def test_quitting_with_unsaved_play_offers_a_save_and_n_leaves_it_recorded() -> None:
    session = MidnightOilApp(Game(6), ASCII)
    session.play([session.game.state.legal_moves()[0]])
    session.leaving.quit()
    assert session.prompt is not None and session.prompt.kind == "quit" and not session.finished
    assert session.leaving.answered("quit", False)
    assert session.finished and session.exit_message is not None
    assert session.exit_message.startswith("Midnight Oil deal 6:")
    assert load_stats()[0].own == 1
    assert not session.leaving.answered("redeal", True)  # not one of leaving's questions
