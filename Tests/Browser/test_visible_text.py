"""The web app's one sanitiser (dom.js `visibleText`, through which `h`, `append` and `setText` put every string on
the page) makes visible exactly what the CLI's `TerminalSafeText` does: every C0 and C1 control, every character of
its bidi, zero-width and separator sets (read from the Swift source, so a class added there and not here fails), in
the same escapes and with the same three layouts; everything else (any script, emoji) is kept."""
import re
from pathlib import Path

from conftest import assert_clean

SWIFT = Path(__file__).resolve().parents[2] / "Sources/CompanionAPI/Text/TerminalSafeText.swift"

RUN = """async (cases) => {
  const { visibleText, h, setText } = await import('/app/js/dom.js');
  const sanitised = cases.map(([text, layout]) => visibleText(text, layout));
  // What reaches the page through the element helpers: a field, as text nodes.
  const element = h('p', {}, cases[0][0], ' ', 7);
  const set = h('p');
  setText(set, cases[0][0]);
  return { sanitised, element: element.textContent, set: set.textContent, nodes: element.childNodes.length };
}"""


def swift_set(name):
    """The scalars of `static let NAME: Set<UInt32> = [...]` in TerminalSafeText.swift."""
    match = re.search(name + r": Set<UInt32> = \[([^\]]*)\]", SWIFT.read_text())
    assert match, f"{name} is no longer a Set<UInt32> literal in {SWIFT}: update this test"
    return [int(value, 16) for value in re.findall(r"0x([0-9A-Fa-f]+)", match.group(1))]


def cli_escape(code, layout):
    """TerminalSafeText.escaped for one scalar (its needsEscape and visible, written out)."""
    hidden = set(swift_set("bidiControls") + swift_set("zeroWidth") + swift_set("separators"))
    character = chr(code)
    if code == 0x09 and layout != "field" or code == 0x0A and layout == "block":
        return character
    names = {0x09: "\\t", 0x0A: "\\n", 0x0D: "\\r"}
    if code in names:
        return names[code]
    if code < 0x20 or 0x7F <= code <= 0x9F:
        return f"\\x{code:02x}"
    if code in hidden:
        return f"\\u{{{code:04X}}}"
    return character


def test_every_class_of_character_is_shown_as_the_cli_shows_it(sidecar, page):
    classes = {
        "C0 controls": list(range(0x00, 0x20)),
        "DEL and C1 controls": list(range(0x7F, 0xA0)),
        "bidi controls": swift_set("bidiControls"),
        "zero-width": swift_set("zeroWidth"),
        "separators": swift_set("separators"),
        "kept": [ord(c) for c in "aZ09 <>&\"'\\/é中ש\u0645\u00a0\u2003\u2027\u202f\u206a"] + [0x1F600],
    }
    assert len(classes["bidi controls"]) == 12 and len(classes["zero-width"]) == 5 and len(classes["separators"]) == 2
    cases, expected = [], []
    for name, codes in classes.items():
        for layout in ("field", "line", "block"):
            # Each character alone and between letters (the fast path and the escaping loop).
            for code in codes:
                cases.append([chr(code), layout])
                expected.append((name, layout, code, cli_escape(code, layout)))
            cases.append(["x" + "".join(map(chr, codes)) + "y", layout])
            expected.append((name, layout, None, "x" + "".join(cli_escape(c, layout) for c in codes) + "y"))
    hostile = "\u202eevil\u202c\u200b\n\t\x1b[31m\u2028"
    cases.insert(0, [hostile, "field"])
    expected.insert(0, ("mixed", "field", None, "\\u{202E}evil\\u{202C}\\u{200B}\\n\\t\\x1b[31m\\u{2028}"))

    page.goto(sidecar.loopback + "/app/")
    page.wait_for_selector("#pairing-code")
    answer = page.evaluate(RUN, cases)
    for (name, layout, code, want), got in zip(expected, answer["sanitised"]):
        where = f"{name}, {layout}" + (f", U+{code:04X}" if code is not None else "")
        assert got == want, f"{where}: the page shows {got!r}, the CLI {want!r}"
    assert len(answer["sanitised"]) == len(expected)
    assert answer["element"] == expected[0][3] + " 7"
    assert answer["set"] == expected[0][3]
    assert_clean(page, sidecar.loopback)
