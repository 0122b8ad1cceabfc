"""``index.html``: a gallery of the built scenarios with previews and key figures.

Plain HTML and CSS with one small script-free spoiler: the disc front preview
sits in a ``<details>`` element, so it shows only when clicked. A list of the
print-and-play PDFs (the discs possibly in several volumes) heads the page;
previews load lazily, so a gallery of thousands of scenarios stays light.
"""

from __future__ import annotations

from html import escape
from typing import Any

from pachaprint.engine.analysis.stats import percent

PAGE_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f7f3ea;color:#222}
header{background:#5b3a29;color:#fff;padding:1rem 1.5rem}
header h1{margin:0;font-size:1.5rem} header p{margin:.3rem 0 0}
main{display:grid;grid-template-columns:repeat(auto-fill,minmax(340px,1fr));gap:1rem;padding:1rem 1.5rem}
article{background:#fff;border:1px solid #d8cfbf;border-radius:8px;padding:.8rem}
article.failed{border-color:#b00020;background:#fff5f5}
article h2{font-size:1.1rem;margin:0 0 .3rem}
img{width:100%;height:auto;border-radius:50%;background:#eee}
.meta{font-size:.9rem;margin:.3rem 0} .figures{font-size:.85rem;margin:.4rem 0;padding-left:1.1rem}
details summary{cursor:pointer;font-weight:600;margin:.4rem 0}
.links a{margin-right:.6rem;font-size:.9rem}
.badge{display:inline-block;padding:0 .4rem;border-radius:4px;background:#eee;font-size:.8rem;border:1px solid #bbb}
figure{margin:.5rem 0} figure img{border-radius:0;background:#fff} figcaption{font-size:.8rem;color:#444}
footer{padding:1rem 1.5rem;font-size:.85rem;color:#555}
#print-sheets{margin:1rem 1.5rem;background:#fff;border:1px solid #d8cfbf;border-radius:8px;padding:.6rem 1rem}
#print-sheets h2{font-size:1.1rem;margin:.2rem 0} #print-sheets ul{margin:.3rem 0;padding-left:1.2rem}
"""


def _sheets_html(sheets: list[dict[str, Any]]) -> str:
    """The list of print-and-play PDFs, each with the scenarios it holds."""
    if not sheets:
        return ""
    items = []
    for sheet in sheets:
        ids = sheet.get("ids") or []
        holds = ""
        if len(ids) == 1:
            holds = f" (1 scenario: {escape(ids[0])})"
        elif ids:
            holds = f" ({len(ids)} scenarios: {escape(ids[0])} to {escape(ids[-1])})"
        items.append(
            f'<li><a href="{escape(sheet["href"])}">{escape(sheet["label"])}</a>{holds}</li>'
        )
    return (
        '<section id="print-sheets"><h2>Print sheets</h2>'
        "<p>Print at 100 % scale, double-sided (flip on the long edge) for the discs.</p>"
        f"<ul>{''.join(items)}</ul></section>"
    )


def gallery_record(report: dict[str, Any]) -> dict[str, Any]:
    """What the gallery, the index and the summary need of a scenario's ``report.json``:
    a few lines and names, so that a build of thousands of scenarios does not hold
    every full report (score histograms, per-cell proofs) in memory until the end."""
    from pachaprint.render.charts import chart_files

    return {
        "name": report["name"],
        "size": report["size"],
        "difficulty": report.get("difficulty"),
        "flags": list(report.get("flags") or []),
        "figures": _figures(report),
        "charts": chart_files(report.get("balance") or {}),
    }


def _figures(report: dict[str, Any]) -> list[str]:
    sim = report.get("simulation")
    if not sim:
        return []
    scores = ", ".join(f"{s['bot']} {s['score_mean']:.1f}" for s in sim["seats"])
    wins = ", ".join(f"{s['bot']} {s['win_rate']:.0%}" for s in sim["seats"])
    items = [
        f"{sim['completed']}/{sim['games']} games completed",
        f"turns per game: {sim['turns']['mean']:.1f} (min {sim['turns']['min']}, max {sim['turns']['max']})",
        f"mean scores: {scores}",
        f"wins: {wins}",
    ]
    if "first_player_win_rate" in sim:
        items.append(f"the player who starts wins {sim['first_player_win_rate']:.0%}")
    if "logician_proved" in sim:
        wrong = sim.get("wrong_divinations", {}).get("logician", 0)
        items.append(
            f"crops the logician proved: {sim['logician_proved'] / sim['games']:.1f} per game ({wrong} wrong)"
        )
    return items + balance_figures(report.get("balance") or {})


def balance_figures(balance: dict[str, Any]) -> list[str]:
    """The balance report in a few lines: first player, the Otoma by level, hard cells."""
    items = []
    game = balance.get("modes", {}).get("competitive")
    if game:
        first = game["first_player"]
        low, high = first["interval"]
        items.append(
            f"first player: {percent(first['win_rate'])} of wins, 95 % interval "
            f"{percent(low)[:-2]}-{percent(high)} (fair {percent(first['fair'])})"
        )
    for mode in ("solo", "coop"):
        data = balance.get("modes", {}).get(mode)
        if not data:
            continue
        runs = [r for r in data["runs"] if r["bot"] == data["bot"]]
        rates = ", ".join(
            f"{r['difficulty']} {percent(r['win_rate'])} ({percent(r['interval'][0])[:-2]}-"
            f"{percent(r['interval'][1])})"
            for r in runs
        )
        items.append(
            f"{'solo' if mode == 'solo' else 'co-op'}, {data['bot']} beats the Otoma: {rates}"
        )
    cells = balance.get("cells") or []
    if cells:
        late = sum(1 for c in cells if c["verdict"] == "late")
        hard = sum(1 for c in cells if c["verdict"] in ("never", "rarely"))
        items.append(
            f"hard deductions: {late} of {len(cells)} crops follow only from the whole map; "
            f"{hard} rarely or never"
        )
    return items


def gallery_html(
    entries: list[dict[str, Any]],
    title: str = "pachaprint scenarios",
    sheets: list[dict[str, Any]] | None = None,
) -> str:
    """The page for ``entries`` (one per scenario: its :func:`gallery_record` as ``report``,
    file links, preview paths, failure).

    ``sheets`` lists the print-and-play PDFs: ``href``, ``label`` and the
    scenario ``ids`` each holds.
    """
    cards = []
    for entry in entries:
        report = entry.get("report") or {}
        sid = escape(entry["id"])
        if entry.get("failed"):
            problems = "".join(f"<li>{escape(p)}</li>" for p in entry["problems"])
            cards.append(
                f'<article class="failed" id="scenario-{sid}"><h2>{escape(entry.get("name") or entry["id"])}</h2>'
                f'<p class="meta"><span class="badge">not built</span> {escape(entry["file"])}</p>'
                f'<ul class="figures">{problems}</ul></article>'
            )
            continue
        links = "".join(
            f'<a href="{escape(href)}">{escape(label)}</a>' for label, href in entry["links"]
        )
        figures = "".join(f"<li>{escape(item)}</li>" for item in report.get("figures", []))
        flags = report.get("flags") or []
        flag_html = "".join(f"<li>flag: {escape(flag)}</li>" for flag in flags)
        charts = "".join(
            f'<figure><a href="{escape(src)}"><img src="{escape(src)}" alt="{escape(caption)}" '
            f'width="480" height="300" loading="lazy"></a>'
            f"<figcaption>{escape(caption)}</figcaption></figure>\n"
            for src, caption in entry.get("charts", [])
        )
        cards.append(f"""<article id="scenario-{sid}">
<h2>{escape(report["name"])}</h2>
<p class="meta"><span class="badge">{escape(report["size"])}</span> <span class="badge">difficulty: {escape(str(report.get("difficulty") or "unknown"))}</span> id {sid}</p>
<img src="{escape(entry["preview_back"])}" alt="Disc back of {escape(report["name"])}: name, supply counts and start cells" width="360" height="360" loading="lazy">
<details><summary>Show the disc front (spoiler: reveals the whole map)</summary>
<img src="{escape(entry["preview_front"])}" alt="Disc front of {escape(report["name"])}" width="360" height="360" loading="lazy">
</details>
<ul class="figures">{figures}{flag_html}</ul>
{charts}<p class="links">{links}</p>
</article>""")
    built = sum(1 for e in entries if not e.get("failed"))
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{PAGE_CSS}</style>
</head>
<body>
<header><h1>{escape(title)}</h1><p>{built} of {len(entries)} scenarios built. Print the PDFs in <a href="pnp/" style="color:#fff">pnp/</a> at 100 % scale.</p></header>
{_sheets_html(sheets or [])}
<main>
{chr(10).join(cards)}
</main>
<footer>Made with pachaprint. Disc fronts are hidden behind a click so nobody sees a map by accident.</footer>
</body>
</html>
"""
