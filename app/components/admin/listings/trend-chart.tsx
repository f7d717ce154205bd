/**
 * A small inline chart of daily counts (oldest first): bars in SVG, no chart library. Screen readers get the
 * figures in words instead of the drawing.
 */
export function TrendChart({
  values,
  label,
  width = 120,
  height = 28,
  className = "",
}: {
  values: number[];
  /** What is counted, e.g. "Views over the last 30 days". */
  label: string;
  width?: number;
  height?: number;
  className?: string;
}) {
  const peak = Math.max(1, ...values);
  const total = values.reduce((sum, value) => sum + value, 0);
  const gap = 1;
  const bar = Math.max(1, (width - gap * (values.length - 1)) / Math.max(1, values.length));
  return (
    <svg
      role="img"
      aria-label={`${label}: ${total} in total, at most ${Math.max(0, ...values)} on one day.`}
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      className={className}
    >
      <line x1="0" x2={width} y1={height - 0.5} y2={height - 0.5} stroke="currentColor" strokeOpacity="0.15" />
      {values.map((value, index) => {
        const barHeight = value === 0 ? 0 : Math.max(1.5, (value / peak) * (height - 2));
        return (
          <rect
            key={index}
            x={index * (bar + gap)}
            y={height - 1 - barHeight}
            width={bar}
            height={barHeight}
            className={index >= values.length - 7 ? "fill-gold-500" : "fill-forest-700/60"}
          />
        );
      })}
    </svg>
  );
}
