/** What a notification says; every string is plain text, escaped here for the HTML part. */
export interface MessageContent {
  heading: string;
  /** Paragraphs, in order. Amounts go through formatCedis (`@aduro/shared/money`), as on the screens. */
  lines: string[];
  /** The screen the message is about, from `linkTo(config.appUrl, …)`. */
  action?: { label: string; url: string };
  /** Why the reader got this, in small print under a rule. */
  footer?: string;
}

/** A path of the web app as an absolute link under APP_URL (which may itself carry a path). */
export function linkTo(appUrl: string, screen: string): string {
  return `${appUrl.replace(/\/+$/, '')}/${screen.replace(/^\/+/, '')}`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

// Mail clients drop <style> blocks and external sheets, so each element carries its own style.
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const STYLE = {
  body: `margin:0;padding:24px;background:#f4f5f7;${FONT};color:#1f2933`,
  card:
    'max-width:560px;margin:0 auto;padding:24px;background:#ffffff;' +
    'border:1px solid #e1e4e8;border-radius:6px',
  heading: 'margin:0 0 16px;font-size:20px;line-height:1.3',
  line: 'margin:0 0 12px;font-size:15px;line-height:1.5',
  button:
    'display:inline-block;margin:8px 0 12px;padding:10px 18px;background:#0b6e4f;color:#ffffff;' +
    'text-decoration:none;border-radius:4px;font-size:15px;font-weight:600',
  fallback: 'margin:0 0 12px;font-size:13px;line-height:1.5;color:#52606d;word-break:break-all',
  footer: 'margin:16px 0 0;padding-top:12px;border-top:1px solid #e1e4e8;font-size:12px;color:#7b8794',
};

/**
 * The plain-text and HTML parts of a notification, saying the same thing: a heading, paragraphs, an
 * optional link to the screen concerned, an optional footer. No images, so nothing is fetched on opening.
 */
export function renderMessage(content: MessageContent): { text: string; html: string } {
  const { heading, lines, action, footer } = content;
  // An href is the one place where escaping is not enough: a javascript: link is harmless text.
  if (action && !/^https?:\/\//i.test(action.url)) {
    throw new RangeError(`A message links to an http(s) address, not "${action.url}"`);
  }

  const text = [
    heading,
    ...lines,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...(footer ? [`--\n${footer}`] : []),
  ].join('\n\n');

  const paragraphs = lines.map((line) => `<p style="${STYLE.line}">${escapeHtml(line)}</p>`);
  const link = action
    ? [
        `<p style="margin:0"><a href="${escapeHtml(action.url)}" style="${STYLE.button}">` +
          `${escapeHtml(action.label)}</a></p>`,
        // Some clients strip the button's link; the address written out still gets the reader there.
        `<p style="${STYLE.fallback}">${escapeHtml(action.url)}</p>`,
      ]
    : [];
  const small = footer ? [`<p style="${STYLE.footer}">${escapeHtml(footer)}</p>`] : [];
  const html = [
    '<!doctype html>',
    '<html>',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    `<body style="${STYLE.body}">`,
    `<div style="${STYLE.card}">`,
    `<h1 style="${STYLE.heading}">${escapeHtml(heading)}</h1>`,
    ...paragraphs,
    ...link,
    ...small,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');

  return { text: `${text}\n`, html };
}
