"""Help-text metavars: what ``--help`` shows for each parameter's value (FILE, N, PATH...; nothing for a flag).

Typer 0.2x renders every parameter's type as ``<bool>``, ``<list[str]>``, ``<int range>``, even for a
flag, which takes no value. The group and command classes here give each parameter one conventional
label instead (the style of Click and of ``git --help``): none for a flag or a counter, ``FILE``,
``DIR`` or ``PATH`` for a path, ``N`` for a number, the choices as ``[a|b|c]``, and for anything else
the parameter's own name in capitals (an option's ``metavar`` wins when its author gave one). An
argument that takes several values ends in ``...`` (``PATH...``); a repeatable option keeps one value
per occurrence (``--exclude GLOB``), as it is typed. The usage line names a required argument bare and
an optional one in brackets (``newstrace ingest [OPTIONS] PATH...``, ``newstrace stories [OPTIONS]
[STORY]``), as Click and POSIX utility syntax write them, where typer 0.2x writes ``{PATH}...``.
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperArgument, TyperGroup, TyperOption

_NUMBER_LABELS = {int: "N", float: "NUMBER"}
_PATH_LABELS = {"file": "FILE", "dir": "DIR"}


def help_metavar(param: Any) -> str:
    """The label ``--help`` shows for a parameter's value.

    Args:
        param: a Typer parameter (``TyperOption`` or ``TyperArgument``) carrying ``type_descriptor``.

    Returns:
        ``""`` for a flag or a counter (no value is typed), else e.g. ``"FILE"``, ``"N"``,
        ``"[parquet|csv|jsonl]"``, ``"GLOB"``, ``"PATH..."`` (``...``: an argument taking several values).
    """
    if isinstance(param, TyperOption) and (param.is_flag or param.count):
        return ""
    desc = param.type_descriptor
    given = getattr(param, "_newstrace_metavar", param.metavar)
    if given:
        base = given
    elif desc.is_choice:
        base = "[" + "|".join(str(getattr(c, "value", c)) for c in desc.choices or ()) + "]"
    elif desc.is_path:
        base = _PATH_LABELS.get(desc.path_type, "PATH")
    else:
        element = desc.annotation
        args = getattr(element, "__args__", ())
        if desc.is_list and args:
            element = args[0]
        base = _NUMBER_LABELS.get(element) or _singular(param.name or "value").upper()
    return f"{base}..." if param.nargs != 1 and not base.endswith("...") else base


def _singular(name: str) -> str:
    """``paths`` -> ``path``: an argument's name is plural, its metavar names one value."""
    return name[:-1] if name.endswith("s") and not name.endswith("ss") and len(name) > 3 else name


def usage_name(param: Any) -> str:
    """An argument as the usage line writes it: ``PATH...`` (required, several values), ``[STORY]`` (optional).

    Args:
        param: a Click or Typer argument; its ``metavar`` (else its name in capitals) is the label.

    Returns:
        The label, in brackets when the argument is optional, then ``...`` when it takes several
        values (the convention of Click's own usage lines and of POSIX utility syntax).
    """
    name = (param.metavar or (param.name or "value").upper()).removesuffix("...")
    if not param.required:
        name = f"[{name}]"
    return f"{name}..." if param.nargs != 1 else name


def label_params(params: list[Any]) -> list[Any]:
    """Give each parameter its :func:`help_metavar` in the help it renders (idempotent).

    An option shows its ``metavar``; an argument shows its name (set to the metavar without ``...``,
    which the usage line adds) and, in the type column, the full label, since typer ignores an
    argument's ``metavar`` there; in the usage line an argument reads as :func:`usage_name` writes it.

    Args:
        params: the parameters of one command, as ``Command.get_params`` returns them.

    Returns:
        The same list, labelled in place.
    """
    for param in params:
        if not hasattr(param, "type_descriptor") or hasattr(param, "_newstrace_metavar"):
            continue  # not a typer>=0.2x parameter (older typer uses Click's own metavars), or done
        label = help_metavar(param)
        param._newstrace_metavar = param.metavar
        if isinstance(param, TyperArgument):
            param.metavar = label.removesuffix("...")
            shown = label if label.endswith("...") else ""
            param.display_type_rich = lambda ctx, shown=shown: shown  # typer reads only this for the type column
            # typer writes a required argument as {PATH} in the usage line (of --help and of usage errors)
            param.get_usage_pieces = lambda ctx, param=param: [usage_name(param)]
        else:
            param.metavar = label
    return params


class HelpGroup(TyperGroup):
    """The Typer group of ``newstrace``: its own options and every command's are labelled for help."""

    def get_params(self, ctx: Any) -> list[Any]:
        """The group's parameters (``--version``, ``--help``), labelled by :func:`label_params`."""
        return label_params(super().get_params(ctx))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """The command, with its parameters labelled before Click builds its context or help."""
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            label_params(command.get_params(ctx))
        return command


def typer_app(**kwargs: Any) -> typer.Typer:
    """A ``typer.Typer`` whose help labels every parameter conventionally (:class:`HelpGroup`)."""
    return typer.Typer(cls=HelpGroup, **kwargs)
