/**
 * The site's design for e-mails: one centred card on ivory, the name in Playfair-like serif type, a gold
 * rule, forest-green text. E-mail clients ignore style sheets, so every style is inline and the layout is
 * tables; each message also goes out as plain text (composers build both from the same facts).
 */
const COLORS = {
  ivory: "#faf7f1",
  sand: "#f2ece1",
  linen: "#e8dfcf",
  ink: "#17211c",
  stone: "#5b625d",
  forest: "#0d3326",
  forestDark: "#08221a",
  gold: "#b58f47",
  goldLight: "#e2c88e",
} as const;
const SERIF = "'Playfair Display', Georgia, 'Times New Roman', serif";
const SANS = "'Inter', 'Helvetica Neue', Arial, sans-serif";

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** Text typed by a person, as HTML paragraphs: escaped, blank lines between paragraphs, single breaks kept. */
export function paragraphsHtml(text: string, style = `margin:0 0 16px;font:15px/1.7 ${SANS};color:${COLORS.ink};`): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p style="${style}">${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

export function paragraph(html: string): string {
  return `<p style="margin:0 0 16px;font:15px/1.7 ${SANS};color:${COLORS.ink};">${html}</p>`;
}

/** A label and a value on a sand panel, e.g. the enquiry's reference. */
export function factPanel(facts: { label: string; value: string }[]): string {
  const rows = facts
    .map(
      ({ label, value }) =>
        `<tr><td style="padding:6px 0;font:600 11px/1.4 ${SANS};letter-spacing:0.18em;text-transform:uppercase;color:${COLORS.stone};width:40%;">${escapeHtml(label)}</td>` +
        `<td style="padding:6px 0;font:15px/1.5 ${SANS};color:${COLORS.forest};">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;background:${COLORS.sand};border-left:3px solid ${COLORS.gold};"><tr><td style="padding:14px 20px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}</table></td></tr></table>`;
}

/** A quoted earlier message (a reply quoting the visitor's own words). */
export function quoteBlock(intro: string, text: string): string {
  return (
    `<p style="margin:24px 0 8px;font:13px/1.5 ${SANS};color:${COLORS.stone};">${escapeHtml(intro)}</p>` +
    `<div style="margin:0;padding:4px 0 4px 16px;border-left:2px solid ${COLORS.linen};">${paragraphsHtml(text, `margin:0 0 12px;font:14px/1.6 ${SANS};color:${COLORS.stone};`)}</div>`
  );
}

/** Ways to reach the team, as links (phone, WhatsApp, e-mail), each only when set. */
export function contactLinks(links: { label: string; text: string; href: string }[]): string {
  if (links.length === 0) return "";
  const items = links
    .map(
      (link) =>
        `<tr><td style="padding:3px 0;font:13px/1.6 ${SANS};color:${COLORS.stone};">${escapeHtml(link.label)}: <a href="${escapeHtml(link.href)}" style="color:${COLORS.forest};text-decoration:underline;">${escapeHtml(link.text)}</a></td></tr>`,
    )
    .join("");
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 0;">${items}</table>`;
}

export type MailLayout = {
  siteName: string;
  siteUrl: string;
  /** Shown by inboxes beside the subject; never repeats anything a visitor typed. */
  preheader: string;
  eyebrow: string;
  heading: string;
  /** Pre-built HTML of the body (use the helpers above; escape everything that is not markup). */
  bodyHtml: string;
  footer: string;
};

export function renderMailHtml(layout: MailLayout): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(layout.heading)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.ivory};">
<div style="display:none;max-height:0;overflow:hidden;color:${COLORS.ivory};">${escapeHtml(layout.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.ivory};">
<tr><td align="center" style="padding:32px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;">
<tr><td style="background:${COLORS.forestDark};padding:28px 36px;">
<a href="${escapeHtml(layout.siteUrl)}" style="font:400 24px/1.2 ${SERIF};letter-spacing:0.04em;color:${COLORS.ivory};text-decoration:none;">${escapeHtml(layout.siteName)}</a>
</td></tr>
<tr><td style="background:#ffffff;padding:40px 36px 32px;border:1px solid ${COLORS.linen};border-top:0;">
<p style="margin:0;font:600 11px/1.4 ${SANS};letter-spacing:0.24em;text-transform:uppercase;color:${COLORS.gold};">${escapeHtml(layout.eyebrow)}</p>
<h1 style="margin:12px 0 0;font:400 28px/1.25 ${SERIF};color:${COLORS.forest};">${escapeHtml(layout.heading)}</h1>
<div style="width:48px;height:1px;background:${COLORS.gold};margin:20px 0 28px;line-height:1px;font-size:1px;">&nbsp;</div>
${layout.bodyHtml}
</td></tr>
<tr><td style="padding:24px 36px;font:12px/1.6 ${SANS};color:${COLORS.stone};text-align:center;">${escapeHtml(layout.footer)}<br><a href="${escapeHtml(layout.siteUrl)}" style="color:${COLORS.stone};">${escapeHtml(layout.siteUrl.replace(/^https?:\/\//, ""))}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** A call to action as a bulletproof button (a table cell, since many clients ignore padding on links). */
export function buttonLink(href: string, label: string): string {
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr><td style="background:${COLORS.forest};">` +
    `<a href="${escapeHtml(href)}" style="display:inline-block;padding:14px 28px;font:600 12px/1 ${SANS};letter-spacing:0.18em;text-transform:uppercase;color:${COLORS.ivory};text-decoration:none;">${escapeHtml(label)}</a>` +
    `</td></tr></table>`
  );
}

/** A small print line under the body (why the reader got the message, what to do if it was not them). */
export function smallPrint(text: string): string {
  return `<p style="margin:24px 0 0;font:13px/1.6 ${SANS};color:${COLORS.stone};">${escapeHtml(text)}</p>`;
}
