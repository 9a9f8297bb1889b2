/**
 * A shopper of a topology (scripts/topology/harness.ts): a cookie jar and requests over undici, to the public origin
 * (TLS → Varnish → an app server) or straight to one app server as the proxies would forward it (`via`).
 */
import { request, type Dispatcher, type FormData as UndiciFormData } from 'undici';
import { DEMO_ACCOUNTS, type DemoAccountKind } from '../../server/db/seed/demo-accounts';

export type Reply = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/** What an app server receives from the proxies in front of it (nginx sets these; Varnish passes them on). */
export type Route = { url: string; headers: Record<string, string> };

const header = (reply: Reply, name: string): string[] => {
  const value = reply.headers[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
};

export const setCookies = (reply: Reply) => header(reply, 'set-cookie');

/** Names of the cookies a reply clears (an empty value or an expiry in the past). */
export function clearedCookies(reply: Reply): string[] {
  return setCookies(reply)
    .filter(
      (line) => /^[^=]+=;/.test(line) || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0\b/i.test(line),
    )
    .map((line) => line.slice(0, line.indexOf('=')));
}

export class Shopper {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly publicUrl: string,
    private readonly dispatcher: Dispatcher,
    /** This shopper's address, as nginx puts it in X-Forwarded-For (rate limits count per client). */
    readonly address = `10.${octet()}.${octet()}.${octet()}`,
  ) {}

  /** A stranger holding a copy of this shopper's cookies (from another address). */
  copy(): Shopper {
    const copy = new Shopper(this.publicUrl, this.dispatcher);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  keep(reply: Reply): void {
    for (const line of setCookies(reply)) {
      const pair = line.split(';', 1)[0]!;
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /max-age=0\b/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /**
   * The route to one app server as the proxies forward a request to it: the public Host, the scheme the client
   * used, and the client's address.
   */
  via(serverUrl: string): Route {
    const host = new URL(this.publicUrl).host;
    return {
      url: serverUrl,
      headers: {
        Host: host,
        'X-Forwarded-Proto': 'https',
        'X-Forwarded-Host': host,
        'X-Forwarded-For': this.address,
      },
    };
  }

  /** Through the public origin (TLS) unless `route` names one app server. */
  async send(
    method: string,
    path: string,
    options: {
      form?: Record<string, string>;
      /** A JSON body (the repair API). */
      json?: unknown;
      /** A multipart body (a photo upload); its Content-Type with the boundary is set by undici. */
      multipart?: UndiciFormData;
      headers?: Record<string, string>;
      route?: Route;
      keep?: boolean;
    } = {},
  ): Promise<Reply> {
    const base = options.route?.url ?? this.publicUrl;
    const headers: Record<string, string> = {
      // nginx would overwrite a client's X-Forwarded-For with the socket's address; straight to Varnish or a
      // server, the route's headers stand in for the proxies.
      ...(options.route ? options.route.headers : { 'X-Forwarded-For': this.address }),
      'Accept-Encoding': 'identity',
      ...options.headers,
    };
    if (this.cookies.size > 0) headers.Cookie = this.cookieHeader();
    let body: string | UndiciFormData | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['Content-Type'] = 'application/json';
    } else if (options.multipart) {
      body = options.multipart;
    } else if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      // A browser's same-origin form post.
      headers.Origin = this.publicUrl;
    }
    const response = await request(base + path, {
      method: method as Dispatcher.HttpMethod,
      headers,
      body,
      dispatcher: this.dispatcher,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    const reply: Reply = {
      status: response.statusCode,
      headers: response.headers as Reply['headers'],
      text: await response.body.text(),
    };
    if (options.keep !== false) this.keep(reply);
    return reply;
  }

  get(path: string, options: { headers?: Record<string, string>; route?: Route; keep?: boolean } = {}) {
    return this.send('GET', path, options);
  }

  post(path: string, form: Record<string, string>, options: { route?: Route; keep?: boolean } = {}) {
    return this.send('POST', path, { ...options, form });
  }

  /** The browser runs the page's scripts: the `js=1` cookie they write (shared copies of catalogue pages). */
  runsScripts(): this {
    this.cookies.set('js', '1');
    return this;
  }

  /**
   * The two-step sign-in (SPEC §4) of a demo account: the e-mail step and the password step, each through its own
   * route (by default the public origin). Throws with the store's answer when a step is refused.
   */
  async signIn(kind: DemoAccountKind, routes: { email?: Route; password?: Route } = {}): Promise<void> {
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.kind === kind)!;
    const emailStep = await this.post(
      '/api/sign-in/email',
      { email: account.email },
      { route: routes.email },
    );
    if (emailStep.status >= 400)
      throw new Error(`sign-in e-mail step: ${emailStep.status} ${shownMessage(emailStep)}`);
    const passwordStep = await this.post(
      '/api/sign-in/password',
      { password: account.password, from: '/' },
      { route: routes.password },
    );
    if (passwordStep.status !== 303)
      throw new Error(`sign-in password step: ${passwordStep.status} ${shownMessage(passwordStep)}`);
    // Behind https the store names it `__Host-customer_token` (decision 087); over http, `customer_token`.
    if (![...this.cookies.keys()].some((name) => /(^|__Host-)customer_token$/.test(name)))
      throw new Error(`sign-in set no customer_token: ${setCookies(passwordStep).join(' | ')}`);
  }
}

/** The message a refused form shows (for a failure's text), else the start of the page's text. */
function shownMessage(reply: Reply): string {
  const text = reply.text.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ');
  const message = /[^.!?>]*(?:could not|incorrect|try again|too many)[^.!?<]*[.!?]?/i.exec(text)?.[0];
  return (message ?? text).replace(/\s+/g, ' ').trim().slice(0, 200);
}

function octet(): number {
  return 1 + Math.floor(Math.random() * 254);
}
