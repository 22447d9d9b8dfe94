/**
 * The explainable half of the spam filter: each rule that fires adds points and a reason the
 * studio reads. A legitimate visitor often links to their own site and may write in any
 * language, so one link, a foreign script or a price alone never earn much; the pitches that
 * contact forms get (search ranking, lead lists, bulk sending, outsourced development) do.
 */
import { linkHost, links, words } from './features';

export interface Finding {
  points: number;
  reason: string;
}

/** Hosts that only hide where a link goes. */
const SHORTENERS = new Set(
  (
    'bit.ly bitly.com tinyurl.com t.co goo.gl ow.ly is.gd buff.ly rebrand.ly cutt.ly shorturl.at ' +
    'rb.gy t.ly tiny.cc bit.do s.id v.gd lnkd.in shorte.st adf.ly clck.ru u.to qps.ru did.li ' +
    'tiny.one surl.li gg.gg shorturl.com short.io bl.ink urlz.fr chilp.it soo.gd'
  ).split(' '),
);

/** Phrases of the pitches contact forms receive, over the text in lower case. */
const PITCHES: [RegExp, string][] = [
  [/\bseo\b|search engine optimi[sz]/u, 'SEO'],
  [
    /first page of google|(?:page|top) (?:one|1|#1) (?:of|on|in) google|rank(?:ing|ed)? (?:on|in|at the top of) google|ranking (?:on|in) (?:google|search)|not ranking/u,
    'search ranking',
  ],
  [
    /\bback ?links?\b|guest posts?\b|link ?building|sponsored (?:post|article)s?/u,
    'backlinks or guest posts',
  ],
  [
    /(?:more|increase|boost|grow|double|drive) (?:your )?(?:website |web |organic )?(?:traffic|visitors|leads|sales|revenue|conversions)/u,
    'more traffic or sales',
  ],
  [
    /lead generation|qualified leads|(?:b2b|email|contact) (?:leads|lists?|database)|verified (?:emails|contacts)/u,
    'leads or lists',
  ],
  [
    /contact forms?\b.{0,80}\b(?:messages?|send|sent|blast|reach)|(?:send|sending|blast)\b.{0,40}\bcontact forms?\b|feedback forms?\b/u,
    'bulk sending through forms',
  ],
  [
    /(?:free|no[ -]cost|no[ -]obligation|complimentary) (?:quote|audit|proposal|trial|consultation|analysis|report|demo|mockup|sample)|proposal and (?:a )?price|(?:may|can|could|shall) (?:i|we) (?:send|share|show) (?:you )?(?:a |our |my |some )?(?:free )?(?:proposal|quote|price|samples?|report|mockup|audit)/u,
    'free offer or proposal',
  ],
  [
    /\bunsubscribe\b|\bopt[ -]?out\b|reply (?:with )?["“']?(?:stop|no|remove|unsubscribe)|not interested\?|if you (?:do not|don't) want (?:to hear|me to contact)/u,
    'opt-out line',
  ],
  [
    /\b(?:bitcoin|crypto(?:currency)?|forex|binary options|casino|betting|viagra|cialis|payday|escort)\b|investment opportunit|\b(?:earn|make) \$?\d[\d,]* (?:a|per) (?:day|week|month)/u,
    'money, crypto or pills',
  ],
  [
    /(?:business|working capital|merchant) (?:loan|funding|financing)|\bpre-?approved\b|line of credit/u,
    'loan offer',
  ],
  [
    /\b(?:whatsapp|telegram|skype|wechat)\b.{0,30}(?:\+?\d[\d\s-]{6,}|@\w+)|(?:\+\d[\d\s-]{9,})\s*\(?(?:whatsapp|telegram)/u,
    'messenger contact',
  ],
  [
    /\bdear (?:sir|madam|sir\/madam|website owner|business owner|site owner|webmaster)\b|hello (?:website|site|business) owner/u,
    'generic greeting',
  ],
  [
    /\bi (?:was|am|have been|just) (?:checking|visiting|browsing|looking at|reviewing|on) your (?:website|site|web ?page)|i (?:noticed|found|came across|saw) your (?:website|site)\b.{0,80}(?:could|can|need|issues?|errors?|improve|missing|outdated|not)/u,
    'cold look at the site',
  ],
  [
    /(?:web ?site|web|app|mobile app|software|wordpress|shopify) (?:design(?:ing)?|development|redesign|re-design|developers?) (?:services?|company|agency|team|experts?)|(?:offshore|outsourc\w*|dedicated developers?|hire (?:our )?developers?)|redesign (?:it|your (?:web ?)?site)|(?:web|app|software) development company/u,
    'development for hire',
  ],
  [
    /\b(?:explainer|animated|promo(?:tional)?) videos?\b|\bvirtual assistants?\b|social media (?:marketing|management|followers)|\b(?:instagram|tiktok|youtube) followers\b|\bdigital marketing\b/u,
    'marketing service',
  ],
  [
    /(?:per|a|\/) ?month\b.{0,40}\$|\$\s?\d+.{0,20}(?:per|a|\/) ?(?:month|hour)|\busd \d|\d+ usd\b|\blimited (?:time )?offer\b|\bact now\b|\b100% (?:free|guaranteed)\b|\bguaranteed? results?\b/u,
    'price or sales pressure',
  ],
  [
    /\bdmca\b|copyright(?:ed)? (?:images?|photos?|infringement|violation)|infring(?:es|ing|ed) (?:on )?(?:my|our)|\bsue you\b|legal action|lawsuit/u,
    'legal threat',
  ],
  [
    /(?:account|domain|listing|website|hosting) (?:will be|has been|is being) (?:suspended|removed|deleted|deactivated|closed)|verify your (?:payment|account|billing|details|identity)/u,
    'account threat',
  ],
  [
    /erste seite (?:bei|von|in) google|seo[- ]optimierung|première page (?:de|sur) google|référencement|primera página de google|posicionamiento (?:web|seo)|primeira página do google|prima pagina (?:di|su) google|продвижение сайт|первое место в (?:яндекс|google)|контекстн\p{L}+ реклам/u,
    'search ranking (other languages)',
  ],
  [
    /\bзайм\p{L}*|без проверок|\bказино\b|\bставки\b|marketing digital|agencia de marketing|agence (?:de )?marketing/u,
    'loans, betting or marketing (other languages)',
  ],
];

const THREATS = new Set(['legal threat', 'account threat']);

const LINKS_AND_ADDRESSES = /\S+@\S+|\bhttps?:\/\/\S+|\bwww\.\S+|\b\S+\.[a-z]{2,24}\/\S*/giu;

/** Cyrillic or Greek letters inside a Latin word: look-alike letters that dodge keyword filters. */
const MIXED_WORD =
  /(?=[\p{L}]*\p{Script=Latin})(?=[\p{L}]*[\p{Script=Cyrillic}\p{Script=Greek}])[\p{L}]{3,}/u;

export function ruleFindings(name: string, message: string): Finding[] {
  const found: Finding[] = [];
  const text = `${name}\n${message}`;
  const lower = text.normalize('NFKC').toLowerCase();

  const all = links(text);
  if (all.length >= 5) found.push({ points: 1, reason: `${all.length} links` });
  else if (all.length >= 3) found.push({ points: 0.5, reason: `${all.length} links` });
  else if (all.length === 2) found.push({ points: 0.15, reason: '2 links' });
  const shortened = [...new Set(all.map(linkHost).filter((h) => h !== null && SHORTENERS.has(h)))];
  if (shortened.length > 0)
    found.push({ points: 0.6, reason: `link shortener (${shortened.slice(0, 3).join(', ')})` });
  if (/<a\s[^>]*href|\[url[=\]]/iu.test(text))
    found.push({ points: 0.8, reason: 'HTML or BBCode link' });
  if (links(name, 1).length > 0) found.push({ points: 0.6, reason: 'link in the name' });

  const letters = message.match(/\p{L}/gu) ?? [];
  const upper = message.match(/\p{Lu}/gu) ?? [];
  const lowerCase = message.match(/\p{Ll}/gu) ?? [];
  if (upper.length >= 20 && upper.length > 0.6 * (upper.length + lowerCase.length))
    found.push({ points: 0.4, reason: 'shouting (mostly capitals)' });
  if (letters.length > 0 && (message.match(/!/gu)?.length ?? 0) >= 5)
    found.push({ points: 0.2, reason: 'many exclamation marks' });

  if (MIXED_WORD.test(text))
    found.push({ points: 1, reason: 'look-alike letters of another script' });

  // A form's message is prose: one that is little but links and addresses is not.
  const prose = message.replace(LINKS_AND_ADDRESSES, ' ');
  if (all.length + (message.match(/@/gu)?.length ?? 0) > 0 && words(prose).length < 8)
    found.push({ points: 0.6, reason: 'hardly any words besides links and addresses' });

  const list = words(message);
  if (list.length >= 30) {
    const counts = new Map<string, number>();
    for (const w of list) counts.set(w, (counts.get(w) ?? 0) + 1);
    const top = Math.max(...counts.values());
    if (top > 0.3 * list.length) found.push({ points: 1, reason: 'one word repeated' });
  }

  const pitches = PITCHES.filter(([pattern]) => pattern.test(lower)).map(([, why]) => why);
  if (pitches.length > 0)
    found.push({
      points: Math.min(1.5, 0.5 * pitches.length),
      reason: `pitch: ${pitches.join(', ')}`,
    });
  // A threat that asks for a click is how phishing reaches a form.
  const threats = pitches.filter((why) => THREATS.has(why));
  if (threats.length > 0 && all.length > 0)
    found.push({ points: 0.5, reason: `${threats.join(' and ')} with a link` });
  return found;
}
