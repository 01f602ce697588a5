#!/usr/bin/env python3
"""No function over N lines (issue 21 point 4; the brief's standard: 120).

    function_lengths.py [--limit N] [--top K] [PATH ...]    # default PATH: src/ of this repository
    function_lengths.py --self-test

Reads every .cpp/.hpp/.h/.cc below each PATH and finds the bodies of functions and member functions
by brace matching after a signature. A lambda, a local class or any other brace inside a function
counts as part of that function; the bodies of namespaces, classes, structs, unions, enums and
`extern "C"` blocks are walked into, and data initialisers (`= {...}`, `T x{...}`) are skipped.
A lambda stored at namespace or class scope (`const auto f = [](...) {...};`) counts as a function.

A function's length is its lines from the first line of its signature (the template line included)
to its closing brace. Prints `FILE:LINE: NAME is L lines (limit N)` for every function over the
limit and exits 1 if there is any; `--top K` also prints the K longest. Exits 2 on a bad command line
or a file it cannot read, 0 otherwise.

Sections
  1. tokens: comments, strings (raw ones too), character literals and preprocessor lines dropped
  2. scopes: which brace opens a function body, walked with a stack of scope kinds
  3. the command line, and a self-test on small snippets with known answers
"""

import argparse
import os
import re
import sys

# =====================================================================================
# 1. tokens
# =====================================================================================

_IDENT = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
_NUMBER = re.compile(r"\.?[0-9](?:[0-9A-Za-z_.]|'(?=[0-9A-Za-z])|[eEpP][+-])*")
_PUNCT2 = ("::", "->", "&&", "||", "==", "!=", "<=", ">=", "<<", "+=", "-=", "*=", "/=", "|=", "&=")


def _comment_end(text, i):
    """Where a comment starting at i ends (a // comment: at its newline, kept), or None."""
    if text.startswith("//", i):
        end = text.find("\n", i)
        return len(text) if end < 0 else end
    if text.startswith("/*", i):
        end = text.find("*/", i + 2)
        return len(text) if end < 0 else end + 2
    return None


def tokens(text):
    """Yields (kind, value, line) for the code of `text`; kind is 'id', 'num', 'str' or 'p'."""
    i, n, line = 0, len(text), 1
    at_line_start = True
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
            at_line_start = True
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if c == "#" and at_line_start:  # a preprocessor line, with its continuations
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    line += 1
                    i += 1
                elif (end := _comment_end(text, i)) is not None:
                    line += text.count("\n", i, end)
                    i = end
                    continue
                i += 1
            continue
        at_line_start = False
        if (end := _comment_end(text, i)) is not None:
            line += text.count("\n", i, end)
            i = end
            continue
        m = _IDENT.match(text, i)
        if m:
            word = m.group(0)
            # string prefixes: R"(...)", u8"...", L'x', LR"x(...)x"
            j = m.end()
            if j < n and text[j] == '"' and word in ("R", "u8R", "uR", "UR", "LR"):
                close = text.find("(", j)
                delim = text[j + 1:close]
                end = text.find(")" + delim + '"', close)
                end = n if end < 0 else end + len(delim) + 2
                yield ("str", "", line)
                line += text.count("\n", i, end)
                i = end
                continue
            if j < n and text[j] in "\"'" and word in ("u8", "u", "U", "L"):
                i = j
                continue
            yield ("id", word, line)
            i = j
            continue
        m = _NUMBER.match(text, i)
        if m and (c.isdigit() or (c == "." and i + 1 < n and text[i + 1].isdigit())):
            yield ("num", m.group(0), line)
            i = m.end()
            continue
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            yield ("str", "", line)
            i = j + 1
            continue
        two = text[i:i + 2]
        if two in _PUNCT2:
            yield ("p", two, line)
            i += 2
            continue
        yield ("p", c, line)
        i += 1


# =====================================================================================
# 2. scopes
# =====================================================================================

_CLASS_KEYS = {"class", "struct", "union", "enum"}
_ACCESS = {"public", "private", "protected"}


def _strip_template_heads(head):
    """Drops leading `template <...>` groups and attributes `[[...]]` from a head's tokens."""
    k = 0
    while k < len(head):
        if head[k][1] == "template" and k + 1 < len(head) and head[k + 1][1] == "<":
            depth, k = 0, k + 1
            while k < len(head):
                v = head[k][1]
                if v == "<":
                    depth += 1
                elif v == ">":
                    depth -= 1
                elif v == ">>":
                    depth -= 2
                k += 1
                if depth <= 0:
                    break
            continue
        if head[k][1] == "[" and k + 1 < len(head) and head[k + 1][1] == "[":
            while k < len(head) and not (head[k][1] == "]" and k + 1 < len(head) and head[k + 1][1] == "]"):
                k += 1
            k += 2
            continue
        break
    return head[k:]


def _classify(head):
    """What a `{` opens after `head` (the tokens since the last `;`, `{` or `}` in this scope):
    'namespace', 'class', 'function', 'ctor-init' (a member's brace initialiser inside a
    constructor's initialiser list: skip it and keep reading the head) or 'data'."""
    # access labels (`public:`) belong to no declaration
    while len(head) >= 2 and head[0][1] in _ACCESS and head[1][1] == ":":
        head = head[2:]
    body = _strip_template_heads(head)
    values = [t[1] for t in body]
    if not values:
        return "data"  # a bare block at namespace scope cannot be; treat as data
    if values[0] == "namespace" or (values[0] == "inline" and "namespace" in values[:2]):
        return "namespace"
    if values[0] == "extern" and len(values) >= 2 and body[1][0] == "str":
        return "namespace"
    # `typedef struct {`, `struct X : Base {`, `enum class E : int {`
    lead = [v for v in values[:3] if v not in ("typedef", "const", "static", "inline", "constexpr")]
    if lead and lead[0] in _CLASS_KEYS and "(" not in values:
        return "class"
    if "=" in values:
        eq = values.index("=")
        # a lambda stored in a variable: `auto f = [...](...) ... {`
        if eq + 1 < len(values) and values[eq + 1] == "[" and ")" in values[eq + 1:]:
            return "function"
        # `= default`/`= delete` end with ';' and never reach here; other `=` heads are data
        if "operator" not in values[:eq]:
            return "data"
    if ")" not in values:
        return "data"  # `T x{...}`, `std::vector<int> v{...}`
    # a constructor's initialiser list: a ':' (not '::') after the last ')' of the parameters
    depth, close = 0, -1
    for k, v in enumerate(values):
        if v == "(":
            depth += 1
        elif v == ")":
            depth -= 1
            if depth == 0 and close < 0:
                close = k
    after = values[close + 1:]
    if ":" in after:
        last = values[-1]
        if last not in (")", "}", "{}"):
            return "ctor-init"
    return "function"


def _name_of(head):
    """A readable name for a function head: the identifier (with its Class:: qualifiers) before
    its parameter list's '('; 'lambda' for a stored lambda."""
    values = [t[1] for t in head]
    if "=" in values and "[" in values:
        eq = values.index("=")
        return next((v for v in reversed(values[:eq]) if _IDENT.fullmatch(v)), "lambda")
    if "(" not in values:
        return "?"
    k = values.index("(")
    if k >= 2 and values[k - 2] == "operator":
        return "operator" + values[k - 1]
    name = []
    j = k - 1
    while j >= 0:
        v = values[j]
        if _IDENT.fullmatch(v) or v == "~":
            name.insert(0, v)
            if j >= 1 and values[j - 1] in ("::", "~"):
                name.insert(0, values[j - 1])
                j -= 2
                continue
        break
    return "".join(name) or "?"


def functions(text):
    """Yields (first_line, last_line, name) for every function body of a C++ text."""
    toks = list(tokens(text))
    stack = []  # kinds of the open scopes: 'namespace', 'class', 'skip'
    head = []
    k = 0
    while k < len(toks):
        kind, v, line = toks[k]
        if kind == "p" and v in (";",) and (not stack or stack[-1] != "skip"):
            head = []
        elif kind == "p" and v == "{":
            what = _classify(head)
            if what in ("namespace", "class"):
                stack.append(what)
                head = []
            elif what in ("function", "data", "ctor-init"):
                # walk to the matching brace
                depth, j = 1, k + 1
                while j < len(toks) and depth:
                    if toks[j][0] == "p":
                        if toks[j][1] == "{":
                            depth += 1
                        elif toks[j][1] == "}":
                            depth -= 1
                    j += 1
                end_line = toks[j - 1][2] if j - 1 < len(toks) else line
                if what == "function":
                    start = _start_line(head, line)
                    yield (start, end_line, _name_of(head))
                    head = []
                elif what == "ctor-init":
                    head = head + [("p", "{}", line)]
                else:
                    head = []
                k = j
                continue
        elif kind == "p" and v == "}":
            if stack:
                stack.pop()
            head = []
        else:
            head.append(toks[k])
        k += 1


def _start_line(head, brace_line):
    while len(head) >= 2 and head[0][1] in _ACCESS and head[1][1] == ":":
        head = head[2:]
    return head[0][2] if head else brace_line


# =====================================================================================
# 3. the command line and the self-test
# =====================================================================================

_EXTENSIONS = (".cpp", ".hpp", ".h", ".cc", ".hh", ".cxx")


def sources(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for root, dirs, files in os.walk(path):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(_EXTENSIONS):
                    yield os.path.join(root, name)


_SELF_TESTS = [
    # (snippet, expected [(first_line, last_line, name)])
    ("int f(int a) {\n  return a;\n}\n", [(1, 3, "f")]),
    ("namespace x {\nnamespace {\nvoid g() {\n}\n}  // namespace\n}\n", [(3, 4, "g")]),
    ("struct S : B {\n  S(int a) : a_{a}, b_(a) {\n    x();\n  }\n  int a_{0};\n"
     "  int f() const override { return 1; }\n};\n", [(2, 4, "S"), (6, 6, "f")]),
    ("template <typename T>\nT id(T t)\n{\n  auto l = [&](int q) {\n    if (q) { return t; }\n"
     "    return t;\n  };\n  return l(1);\n}\n", [(1, 9, "id")]),
    ("const int table[] = {\n 1, 2,\n 3};\nenum class E : int { a, b };\n"
     "static const auto pick = [](int a) {\n  return a;\n};\n", [(5, 7, "pick")]),
    ("// void h() {\n/* void k() { */\nconst char* s = \"{\";\nchar c = '{';\n"
     "auto r = R\"x(void m() { )x\";\n#define M { \\\n }\nint n() { return '}'; }\n",
     [(8, 8, "n")]),
    ("class C {\n public:\n  bool operator==(const C& o) const {\n    return true;\n  }\n"
     "  ~C() {}\n};\nC::C() : v_{1, 2} {\n}\nauto t() -> int {\n  return 1'000;\n}\n",
     [(3, 5, "operator=="), (6, 6, "~C"), (8, 9, "C::C"), (10, 12, "t")]),
    ('extern "C" {\nint z(void) {\n  return 0;\n}\n}\n', [(2, 4, "z")]),
]


def self_test():
    failures = 0
    for snippet, expected in _SELF_TESTS:
        got = list(functions(snippet))
        if got != expected:
            failures += 1
            print(f"self-test: expected {expected}, got {got} for:\n{snippet}", file=sys.stderr)
    print(f"self-test: {len(_SELF_TESTS) - failures} of {len(_SELF_TESTS)} snippets as expected")
    return 1 if failures else 0


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description="No function over --limit lines.")
    parser.add_argument("paths", nargs="*", default=[os.path.join(here, "..", "..", "src")])
    parser.add_argument("--limit", type=int, default=120)
    parser.add_argument("--top", type=int, default=0, help="also print the K longest functions")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args(argv)
    if args.self_test:
        return self_test()
    found = []
    for path in sources(args.paths):
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            print(f"{path}: cannot read: {e}", file=sys.stderr)
            return 2
        rel = os.path.relpath(path)
        for first, last, name in functions(text):
            found.append((last - first + 1, rel, first, name))
    if not found:
        print("no functions found under " + ", ".join(args.paths), file=sys.stderr)
        return 2
    found.sort(key=lambda f: (-f[0], f[1], f[2]))
    over = [f for f in found if f[0] > args.limit]
    for length, rel, first, name in over:
        print(f"{rel}:{first}: {name} is {length} lines (limit {args.limit})")
    if args.top:
        print(f"the {args.top} longest of {len(found)} functions:")
        for length, rel, first, name in found[: args.top]:
            print(f"  {length:4d}  {rel}:{first}: {name}")
    print(f"{len(over)} of {len(found)} functions over {args.limit} lines")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
