import { createHash } from 'node:crypto';

/**
 * The few lines that keep a phone's action bar (the header's call, callback and quote, fixed at
 * the foot of the screen below 768 px: global.css) out of the way while the page's own first
 * actions (its intro's buttons, the home page's quote tiles and phone line) are in view: the
 * bar would only repeat them and cover the line under them. Once they have scrolled away the
 * bar slides in. An intro with no actions (a thank-you page, the blog) is watched whole, so
 * the bar does not cover its first screen either. CSS cannot tell whether an element is on screen, hence a script; without it
 * (or without IntersectionObserver) the bar simply stays, as it always did.
 * It runs straight after the header, so the bar never flashes in before the intro is read;
 * a page with no intro at all (a blog post) keeps its bar. Inline, so the page downloads no
 * script; BaseLayout adds its hash to the page's CSP.
 */
// Written short: every page with the site's header carries it (about 0.5 KB).
export const phoneBarScript = `(()=>{
if(!('IntersectionObserver'in window))return;
const r=document.documentElement,c=r.classList;
c.add('phone-bar-live','phone-bar-waits');
addEventListener('DOMContentLoaded',()=>{
const q=(s)=>document.querySelectorAll(s),seen=new Set;
let own=q('main .hero :is(.actions,.quote-picker,.hero-contact)');
if(!own.length)own=q('main > .hero');
if(!own.length)return c.remove('phone-bar-waits');
const o=new IntersectionObserver((es)=>{for(const e of es)e.isIntersecting?seen.add(e.target):seen.delete(e.target);c.toggle('phone-bar-waits',seen.size>0)});
for(const n of own)o.observe(n);
});
})();`;

export const phoneBarScriptHash = `sha256-${createHash('sha256').update(phoneBarScript).digest('base64')}` as const;
