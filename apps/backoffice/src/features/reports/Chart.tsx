/** One bar per day: plain SVG (no chart library), scaled to the largest value; labels in HTML. */
export function BarChart(props: {
  title: string;
  points: { label: string; value: number }[];
  format: (value: number) => string;
}) {
  const { points } = props;
  const width = 300;
  const height = 90;
  const max = Math.max(0, ...points.map((p) => p.value));
  const min = Math.min(0, ...points.map((p) => p.value));
  const span = max - min || 1;
  const y = (v: number) => 4 + ((max - v) / span) * (height - 8);
  const step = width / Math.max(points.length, 1);
  const bar = Math.min(Math.max(1, step * 0.7), 24);
  const first = points[0];
  const last = points.at(-1);
  const summary = `${props.title}: ${points.length} days, highest ${props.format(max)}${
    last ? `, on ${last.label} ${props.format(last.value)}` : ""
  }`;
  return (
    <figure className="chart">
      <figcaption>{props.title}</figcaption>
      <p className="chart-scale">Highest {props.format(max)}</p>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary}>
        <line x1={0} x2={width} y1={y(0)} y2={y(0)} className="chart-axis" />
        {points.map((p, i) =>
          p.value === 0 ? null : (
            <rect
              key={p.label}
              x={i * step + (step - bar) / 2}
              y={Math.min(y(p.value), y(0))}
              width={bar}
              height={Math.max(Math.abs(y(0) - y(p.value)), 1)}
              className={p.value < 0 ? "chart-bar negative" : "chart-bar"}
            >
              <title>{`${p.label}: ${props.format(p.value)}`}</title>
            </rect>
          ),
        )}
      </svg>
      {first && last ? (
        <p className="chart-range">
          <span>{first.label}</span>
          <span>{last.label}</span>
        </p>
      ) : null}
    </figure>
  );
}
