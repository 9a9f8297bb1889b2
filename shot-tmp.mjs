import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--headless'] });
const [url, out, w, h, js] = process.argv.slice(2);
const p = await b.newPage({viewport: {width:+(w??1366),height:+(h??800)}, javaScriptEnabled: js !== 'nojs'});
await p.goto('http://127.0.0.1:3801' + url);
await p.waitForTimeout(1200);
await p.screenshot({path: out, fullPage: false});
await b.close();
