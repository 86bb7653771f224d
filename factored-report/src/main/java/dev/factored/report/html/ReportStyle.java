package dev.factored.report.html;

/**
 * The report's CSS. Every selector is scoped under {@code .fct-report} and every class starts with
 * {@code fct-}, so the report neither breaks nor is broken by a Maven site skin. Tables are set at 0.9em with 6 px
 * of padding: the components table has nine columns of values with intervals, and at 0.95em with 8 px it reached
 * 1,284 px in a 1,280 px window inside the Maven site (a CI run's BrowserCheck); now it fits with room to spare
 * (the same page with two intervals twice as long still fits).
 */
public final class ReportStyle {

    private ReportStyle() {
    }

    public static String css() {
        return """
                .fct-report{font-family:"DejaVu Sans",-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;\
                font-size:14px;line-height:1.45;color:#222;max-width:1100px}
                .fct-report h2.fct-h{font-size:1.45em;margin:1.6em 0 .4em;padding-bottom:.2em;border-bottom:1px solid #ddd}
                .fct-report h3.fct-h{font-size:1.12em;margin:1.3em 0 .4em}
                .fct-report .fct-params{font-weight:normal;color:#555}
                .fct-report .fct-muted{color:#666;font-size:.92em}
                .fct-report code{font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:.92em;\
                overflow-wrap:anywhere}
                .fct-report table.fct-table{border-collapse:collapse;margin:.5em 0 1em;font-size:.9em;width:auto}
                .fct-report table.fct-table th,.fct-report table.fct-table td{border:1px solid #ddd;\
                padding:4px 6px;text-align:left;vertical-align:top;background:#fff}
                .fct-report table.fct-table th{background:#f4f4f4;font-weight:600}
                .fct-report table.fct-summary td{overflow-wrap:break-word}
                .fct-report table.fct-table td.fct-num{text-align:right;font-variant-numeric:tabular-nums}
                .fct-report table.fct-table tr.fct-over td{background:#fff8e6}
                .fct-report .fct-na{color:#888;font-style:italic}
                .fct-report figure.fct-figure{margin:1em 0 1.5em}
                .fct-report figure.fct-figure img{max-width:100%;height:auto;border:1px solid #eee}
                .fct-report figure.fct-figure figcaption{max-width:760px;font-size:.93em;color:#444;margin-top:.4em}
                .fct-report .fct-diagnosis{border-left:4px solid #0072b2;background:#f3f8fc;padding:.5em 1em;\
                margin:.6em 0}
                .fct-report .fct-diagnosis p{margin:.3em 0}
                .fct-report .fct-diagnosis p.fct-headline{font-size:1.05em;margin:.2em 0 .5em}
                .fct-report .fct-details summary{cursor:pointer;color:#0072b2;margin:.3em 0}
                .fct-report .fct-warnings{border-left:4px solid #d55e00;background:#fdf1e8;padding:.5em 1em;\
                margin:.6em 0}
                .fct-report .fct-warnings ul{margin:.2em 0;padding-left:1.2em}
                .fct-report .fct-swatch{display:inline-block;width:.9em;height:.9em;border-radius:2px;\
                vertical-align:-.1em;margin-right:.35em}
                .fct-report .fct-tag{display:inline-block;font-size:.85em;padding:0 .4em;border-radius:3px;\
                background:#fde9c8;color:#7a4a00;white-space:nowrap}
                .fct-report .fct-tag.fct-tentative{background:#e8e8e8;color:#444}
                .fct-report .fct-finding.fct-major .fct-tag:first-child{background:#f6d3bd;color:#7a2e00}
                .fct-report dl.fct-env{display:grid;grid-template-columns:max-content auto;gap:.15em 1em;margin:.5em 0}
                .fct-report dl.fct-env dt{font-weight:600}
                .fct-report dl.fct-env dd{margin:0}
                .fct-report a.fct-top{font-size:.85em}
                """;
    }
}
