import { countOf } from "#app/domain/plural";

const dayLabel = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/**
 * Enquiries per day as bars (SVG, drawn on the server, no chart library), with the same figures in a table for
 * screen readers. The tallest bar fills the height; days with none show a hairline.
 */
export function EnquiryChart({ perDay }: { perDay: { day: string; count: number }[] }) {
  const max = Math.max(1, ...perDay.map((entry) => entry.count));
  const total = perDay.reduce((sum, entry) => sum + entry.count, 0);
  const width = 600;
  const height = 160;
  const gap = 4;
  const bar = (width - gap * (perDay.length - 1)) / perDay.length;
  const first = perDay[0];
  const last = perDay.at(-1);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${height + 2}`}
        role="img"
        aria-labelledby="enquiry-chart-caption"
        className="h-40 w-full"
        preserveAspectRatio="none"
      >
        {perDay.map((entry, index) => {
          const barHeight = entry.count === 0 ? 1 : Math.max(4, (entry.count / max) * height);
          return (
            <rect
              key={entry.day}
              x={index * (bar + gap)}
              y={height - barHeight}
              width={bar}
              height={barHeight}
              className={entry.count === 0 ? "fill-linen" : index === perDay.length - 1 ? "fill-gold-500" : "fill-forest-700"}
            >
              <title>{`${dayLabel.format(new Date(`${entry.day}T00:00:00Z`))}: ${entry.count}`}</title>
            </rect>
          );
        })}
        <line x1="0" x2={width} y1={height + 1} y2={height + 1} className="stroke-linen" strokeWidth="1" />
      </svg>
      <div className="mt-2 flex justify-between text-xs text-stone" aria-hidden>
        <span>{first ? dayLabel.format(new Date(`${first.day}T00:00:00Z`)) : ""}</span>
        <span>Today</span>
      </div>
      <figcaption id="enquiry-chart-caption" className="mt-3 text-sm text-stone">
        {countOf(total, "enquiry", "enquiries")} in the last {perDay.length} days
        {last ? `, ${last.count} today` : ""}; busiest day {max === 1 && total === 0 ? "none" : `${max}`}.
      </figcaption>
      <table className="sr-only">
        <caption>Enquiries per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Enquiries</th>
          </tr>
        </thead>
        <tbody>
          {perDay.map((entry) => (
            <tr key={entry.day}>
              <th scope="row">{entry.day}</th>
              <td>{entry.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
