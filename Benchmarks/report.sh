#!/usr/bin/env bash
# Regenerates the figure tables of Benchmarks/README.md from one run: one full benchmark run
# (`swift run -c release --package-path Benchmarks tabula-benchmarks`) and one `instructions.sh` run, with the commit
# measured, the date, the toolchain and the load averages. Each table sits between
# `<!-- generated:begin NAME -->` and `<!-- generated:end NAME -->`; every figure in it is copied from
# a printed line (ratios of two instruction counts are divided here, and say so). Nothing else in
# the README changes.
#
#   Benchmarks/report.sh                # run both, keep their output in Benchmarks/.build/report, write the tables
#   Benchmarks/report.sh --quick        # the same with 3 runs each: to try the script, not for the README
#   Benchmarks/report.sh --from DIR     # write the tables again from a run's kept output (no run)
#   Benchmarks/report.sh --peers FILE   # write only the side-by-side section, from SideBySide's results
#
# Run it on a quiet machine from a clean tree (the run section says `uncommitted changes` otherwise);
# it takes about as long as the full run plus instructions.sh.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
readme="$here/README.md"
mode=run from="" peers="" bench_args=()
while [ "$#" -gt 0 ]; do
    case "$1" in
    --quick) bench_args+=(--quick) ;;
    --from) mode=from from="$2"; shift ;;
    --peers) mode=peers peers="$2"; shift ;;
    *) echo "usage: $0 [--quick | --from DIR | --peers FILE]" >&2; exit 1 ;;
    esac
    shift
done

if [ "$mode" = run ]; then
    from="$here/.build/report"
    rm -rf "$from"
    mkdir -p "$from"
    {
        echo "commit=$(git -C "$root" rev-parse HEAD)"
        # The README is what this script writes, and the script is not measured; any other change
        # means the figures are not the commit's.
        changes="$(git -C "$root" status --porcelain -- . ":(exclude)Benchmarks/README.md" ":(exclude)Benchmarks/report.sh" | wc -l)"
        echo "uncommitted=$changes"
        echo "date=$(date -u +%Y-%m-%d)"
        echo "toolchain=$(swift --version 2>/dev/null | head -n 1)"
        echo "cores=$(nproc)"
        echo "cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
        echo "args=${bench_args[*]:-}"
    } >"$from/meta.txt"
    cd "$root"
    swift build -c release --package-path Benchmarks >&2
    swift run -c release --package-path Benchmarks tabula-benchmarks ${bench_args[@]+"${bench_args[@]}"} | tee "$from/benchmarks.txt"
    "$here/instructions.sh" | tee "$from/instructions.txt"
fi

python3 - "$readme" "$mode" "$from" "$peers" <<'PY'
import re, shlex, sys

readme, mode, source, peers_file = sys.argv[1:5]


def parse(line):
    """`kind key=value …` as (kind, {key: value}), keys in printed order."""
    tokens = shlex.split(line)
    return tokens[0], dict(t.split("=", 1) for t in tokens[1:] if "=" in t)


def table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def ratio(a, b):
    return f"{int(a) / int(b):.2f}" if a and b and int(b) > 0 else "—"


def fields(values, skip=("scenario", "ids", "mode", "config")):
    return ", ".join(f"`{k}={v}`" for k, v in values.items() if k not in skip)


sections = {}

if mode in ("run", "from"):
    meta = dict(l.split("=", 1) for l in open(f"{source}/meta.txt").read().splitlines() if "=" in l)
    bench = open(f"{source}/benchmarks.txt").read().splitlines()
    instr_text = open(f"{source}/instructions.txt").read().splitlines()
    summary = bench[bench.index("summary") + 1:] if "summary" in bench else []
    lines = [parse(l) for l in summary if l.strip()]
    runs = next((m.group(1) for l in bench if (m := re.search(r"(\d+) runs each", l))), "?")
    load_run = next((v for k, v in lines if k == "load"), {})
    ir = {}
    for l in instr_text:
        if l.startswith("instructions "):
            _, v = parse(l)
            ir[v["scenario"]] = v["ir"]
    instr_load = [l.split(": ", 1)[1] for l in instr_text if l.startswith("load averages")]

    commit = meta["commit"][:7]
    tree = "tree clean" if meta.get("uncommitted") == "0" else f"{meta.get('uncommitted')} uncommitted changes"
    sections["run"] = "\n".join([
        f"- Commit measured: `{commit}` ({tree}); {meta['date']}; {meta['toolchain']}; {meta['cores']} cores ({meta['cpu']}).",
        f"- Benchmark run: `swift run -c release --package-path Benchmarks tabula-benchmarks{(' ' + meta['args']) if meta.get('args') else ''}`, "
        f"{runs} runs each, medians; load averages (1/5/15 min) {load_run.get('start', '?')} at the start, {load_run.get('end', '?')} at the end.",
        f"- Instruction counts: `Benchmarks/instructions.sh`, every scenario; load averages "
        f"{instr_load[0].replace(' ', '/') if instr_load else '?'} at the start, {instr_load[-1].replace(' ', '/') if instr_load else '?'} at the end.",
    ])

    # The diff: scenario × mode, each the ratio to the hash floor and the median.
    modes = ["diff", "build+diff", "adapter", "build+adapter"]
    diff = {}
    for kind, v in lines:
        if kind == "diff" and "floor_ratio" in v:
            cell = f"{v['floor_ratio']} ({v['median_s']} s"
            cell += f"; {v['specialised_diff_ratio']} of the diff)" if "specialised_diff_ratio" in v else ")"
            diff.setdefault((v["scenario"], v["ids"]), {})[v["mode"]] = cell
    sections["diff"] = table(["scenario", "ids"] + [f"`{m}`" for m in modes],
                             [[s, i] + [d.get(m, "—") for m in modes] for (s, i), d in diff.items()])

    # The updates, with the instructions of their build + diff.
    update_ir = {"nochange-10k": "nochange-10k", "nochange-100k": "nochange-100k",
                 "onechange-100k": "onechange-100k-uuid", "churn10-100k": "churn10-100k-uuid"}
    apply_ir = {"nochange-10k": "apply-nochange-10k", "nochange-100k": "apply-nochange-100k",
                "onechange-100k": "apply-onechange-100k-uuid", "churn10-100k": "apply-churn10-100k-uuid"}
    # The baselines' instructions: comparing the identifier arrays, and the hash floor at 100k.
    compare_ir = {"nochange-10k": "compare-10k", "nochange-100k": "compare-100k"}
    rows = []
    for kind, v in lines:
        if kind == "update":
            s = v["scenario"]
            app_ir, build_ir = ir.get(apply_ir.get(s, "")), ir.get(update_ir.get(s, ""))
            floor_ir = ir.get("floor-100k-uuid") if s.endswith("-100k") else None
            rows.append([s, v["median_s"], app_ir or "—", v["build_diff_s"], build_ir or "—", v["full_build_diff_s"],
                         v.get("compare_ratio", "—"), ratio(app_ir, ir.get(compare_ir.get(s, ""))), v["floor_ratio"],
                         ratio(build_ir, floor_ir), v["load"]])
    sections["updates"] = table(
        ["scenario", "build + apply: `median_s`", "`ir`", "build + diff: `build_diff_s`", "`ir`", "`full_build_diff_s`",
         "`compare_ratio` (time)", "`ir` ÷ compare `ir`", "`floor_ratio` (time)", "build + diff `ir` ÷ floor `ir`", "`load`"], rows)

    # Other libraries' shapes, in time and instructions.
    shapes = {}
    for kind, v in lines:
        if kind == "shape":
            shapes.setdefault((v["scenario"], v["ids"]), {})[v["mode"]] = v
    rows = []
    for (s, i), d in shapes.items():
        app_mode = next(m for m in d if m != "diff")
        app, dv = d[app_mode], d.get("diff")
        app_ir, floor_ir = ir.get(f"shape-{s}"), ir.get(f"shape-{s}-floor")
        rows.append([s, i, f"`{app_mode}`", app["median_s"], app_ir or "—", dv["median_s"] if dv else "—",
                     ir.get(f"shape-{s}-diff", "—") if dv else "—", app["floor_s"], floor_ir or "—", app["floor_ratio"],
                     ratio(app_ir, floor_ir), app["load"]])
    sections["shapes"] = table(
        ["scenario", "ids", "app's path", "`median_s`", "`ir`", "`diff` `median_s`", "`diff` `ir`", "floor `floor_s`",
         "floor `ir`", "`floor_ratio` (time)", "`ir` ÷ floor `ir`", "`load`"], rows)

    # Every other line, its figures as printed.
    other = [(k, v) for k, v in lines
             if k not in ("update", "shape", "load") and not (k == "diff" and "floor_ratio" in v)]
    def name(k, v):
        return " ".join([k] + [f"{key}={v[key]}" for key in ("scenario", "ids", "mode", "path", "commit_rows") if key in v])
    # The Debug update's instructions over release's (`instructions.sh`), divided here: the ratio
    # the machine's load does not move.
    def counted(k, v):
        if k == "debug" and v.get("mode") == "build+adapter":
            debug_ir, release_ir = ir.get("debug-apply-churn10-100k-uuid"), ir.get("apply-churn10-100k-uuid")
            return f"`debug-apply-churn10-100k-uuid` ÷ `apply-churn10-100k-uuid`: {ratio(debug_ir, release_ir)}"
        return "—"
    sections["other"] = table(["line", "figures", "`ir` ÷ `ir` (divided here)"],
                              [[f"`{name(k, v)}`", fields(v, ("scenario", "ids", "mode", "path", "commit_rows", "config")), counted(k, v)]
                               for k, v in other])
    sections["instructions"] = table(["scenario", "`ir`"], [[f"`{s}`", n] for s, n in ir.items()])

if mode == "peers":
    text = open(peers_file).read().splitlines()
    head = {}
    rows = []
    libs = ["tabula", "listkit", "listkit_specialized", "differencekit", "floor"]
    for l in text:
        if l.startswith("peers "):
            head.update(parse(l)[1])
        elif l.startswith("peer "):
            rows.append(parse(l)[1])
    def least(v, suffix):
        present = {lib: float(v[f"{lib}_{suffix}"]) for lib in libs[:-1] if f"{lib}_{suffix}" in v}
        best = min(present, key=present.get)
        names = {"tabula": "Tabula", "listkit": "ListKit", "listkit_specialized": "ListKit specialised",
                 "differencekit": "DifferenceKit"}
        if best == "tabula":
            return "Tabula"
        what = "instructions" if suffix == "ir" else "time"
        if present[best] <= 0:
            return f"**{names[best]}**"
        return f"**{names[best]}**: Tabula takes {float(v['tabula_' + suffix]) / present[best]:.2f}× its {what}"
    meta = "\n".join([
        f"- Commits measured: Tabula `{head.get('tabula', '?')[:7]}`, ListKit (Iron-Ham/Lists) `{head.get('listkit', '?')[:7]}`, "
        f"DifferenceKit (ra1028/DifferenceKit) `{head.get('differencekit', '?')[:7]}`; {head.get('date', '?')}; {head.get('toolchain', '?')}.",
        f"- Load averages (1/5/15 min): {head.get('load_start', '?')} at the start, {head.get('load_end', '?')} at the end; each line's own in the last column.",
    ])
    instr = table(["scenario", "ids", "mode", "Tabula `ir`", "ListKit `ir`", "ListKit specialised `ir`", "DifferenceKit `ir`", "floor `ir`",
                   "Tabula ÷ ListKit", "Tabula ÷ ListKit specialised", "Tabula ÷ DifferenceKit", "fewest instructions"],
                  [[v["scenario"], v["ids"], v["mode"]] + [v.get(f"{lib}_ir", "—") for lib in libs]
                   + [v.get(f"{lib}_ratio", "—") for lib in ("listkit", "listkit_specialized", "differencekit")] + [least(v, "ir")]
                   for v in rows])
    times = table(["scenario", "ids", "mode", "Tabula `s`", "ListKit `s`", "ListKit specialised `s`", "DifferenceKit `s`", "floor `s`",
                   "Tabula ÷ ListKit", "Tabula ÷ ListKit specialised", "Tabula ÷ DifferenceKit", "fastest", "`load`"],
                  [[v["scenario"], v["ids"], v["mode"]] + [v.get(f"{lib}_s", "—") for lib in libs]
                   + [v.get(f"{lib}_time_ratio", "—") for lib in ("listkit", "listkit_specialized", "differencekit")]
                   + [least(v, "s"), v.get("load", "—")]
                   for v in rows])
    sections["peers"] = meta + "\n\nInstructions (callgrind):\n\n" + instr + "\n\nMedians:\n\n" + times

text = open(readme).read()
for name, body in sections.items():
    pattern = re.compile(rf"(<!-- generated:begin {re.escape(name)} -->\n).*?(<!-- generated:end {re.escape(name)} -->)", re.S)
    if not pattern.search(text):
        sys.exit(f"error: {readme} has no generated section {name}")
    text = pattern.sub(lambda m: m.group(1) + body + "\n" + m.group(2), text)
open(readme, "w").write(text)
print(f"wrote {', '.join(sections)} in {readme}", file=sys.stderr)
PY
