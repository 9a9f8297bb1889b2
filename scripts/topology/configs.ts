/**
 * The shipped deployment files, pointed at the processes of a topology on this machine (scripts/topology/harness.ts):
 * the VCL keeps everything it says but its backends' addresses (one backend per app server, cloned from the last
 * one the file declares, or dropped, with the director's `add_backend` lines to match); the nginx server block
 * keeps everything but its listening address, its certificate and its upstream address, inside a minimal
 * `nginx.conf` whose paths are all in the topology's temporary directory.
 */

export type Address = { host: string; port: number };

type Block = { name: string; start: number; end: number; text: string };

/** `backend <name> { … }` blocks, braces matched (an inline `.probe = { … }` nests). */
function backendBlocks(vcl: string): Block[] {
  const blocks: Block[] = [];
  const pattern = /^[ \t]*backend\s+([A-Za-z_][\w-]*)\s*\{/gm;
  for (let match = pattern.exec(vcl); match; match = pattern.exec(vcl)) {
    let depth = 0;
    let end = match.index;
    for (let at = vcl.indexOf('{', match.index); at < vcl.length; at += 1) {
      if (vcl[at] === '{') depth += 1;
      else if (vcl[at] === '}') {
        depth -= 1;
        if (depth === 0) {
          end = at + 1;
          break;
        }
      }
    }
    if (depth !== 0) throw new Error(`backend ${match[1]}: unbalanced braces in the VCL`);
    blocks.push({ name: match[1]!, start: match.index, end, text: vcl.slice(match.index, end) });
    pattern.lastIndex = end;
  }
  return blocks;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function pointAt(block: string, address: Address): string {
  if (!/\.host\s*=/.test(block) || !/\.port\s*=/.test(block))
    throw new Error(`a backend of the VCL lacks .host or .port:\n${block}`);
  return block
    .replace(/\.host\s*=\s*"[^"]*"\s*;/, `.host = "${address.host}";`)
    .replace(/\.port\s*=\s*"[^"]*"\s*;/, `.port = "${address.port}";`);
}

/** The VCL with one backend per address, in order; the backends' names, in the same order. */
export function varnishConfig(vcl: string, addresses: Address[]): { text: string; backends: string[] } {
  const blocks = backendBlocks(vcl);
  if (blocks.length === 0) throw new Error('The VCL declares no backend');
  const declared = new Set(blocks.map((block) => block.name));
  // A clone of `app2` for the third server is `app3` (or `app2_3` if the file already has an `app3`).
  const cloneName = (index: number) => {
    const last = blocks.at(-1)!.name;
    const numbered = /^(.*?)\d+$/.exec(last);
    const name = numbered ? `${numbered[1]}${index + 1}` : `${last}_${index + 1}`;
    return declared.has(name) ? `${last}_${index + 1}` : name;
  };
  const names = addresses.map((_, index) => blocks[index]?.name ?? cloneName(index));
  let text = '';
  let at = 0;
  blocks.forEach((block, index) => {
    text += vcl.slice(at, block.start);
    const address = addresses[index];
    if (address) text += pointAt(block.text, address);
    if (index === blocks.length - 1) {
      // Clones of the last backend for the addresses the file has no backend for.
      for (let extra = blocks.length; extra < addresses.length; extra += 1)
        text +=
          '\n\n' +
          pointAt(block.text, addresses[extra]!).replace(
            new RegExp(`^([ \\t]*backend\\s+)${escapeRegExp(block.name)}\\b`),
            `$1${names[extra]}`,
          );
    }
    at = block.end;
  });
  text += vcl.slice(at);

  // The directors: `x.add_backend(<last>…);` repeated for each clone, and dropped for each backend removed.
  const last = blocks.at(-1)!.name;
  const lines = text.split('\n').flatMap((line) => {
    const removed = blocks.slice(addresses.length).some((block) => addsBackend(line, block.name));
    if (removed) return [];
    if (!addsBackend(line, last)) return [line];
    return [
      line,
      ...names
        .slice(blocks.length)
        .map((name) => line.replace(new RegExp(`\\b${escapeRegExp(last)}\\b`), name)),
    ];
  });
  text = lines.join('\n');
  for (const block of blocks.slice(addresses.length)) {
    if (new RegExp(`\\b${escapeRegExp(block.name)}\\b`).test(text))
      throw new Error(`The VCL still names backend ${block.name}, which this topology has no server for`);
  }
  return { text, backends: names };
}

function addsBackend(line: string, name: string): boolean {
  return new RegExp(`\\.add_backend\\(\\s*${escapeRegExp(name)}\\s*[,)]`).test(line);
}

/**
 * The file without its plain-HTTP `server { … }` blocks (the redirect to HTTPS, the ACME challenge): the test
 * speaks TLS only, and a server block left without a `listen` would take port 80.
 */
function withoutPlainServers(conf: string): string {
  let out = '';
  let at = 0;
  const pattern = /^[ \t]*server\s*\{/gm;
  for (let match = pattern.exec(conf); match; match = pattern.exec(conf)) {
    let depth = 0;
    let end = conf.length;
    for (let index = conf.indexOf('{', match.index); index < conf.length; index += 1) {
      if (conf[index] === '{') depth += 1;
      else if (conf[index] === '}' && --depth === 0) {
        end = index + 1;
        break;
      }
    }
    const block = conf.slice(match.index, end);
    out += conf.slice(at, match.index);
    if (/^\s*listen\s[^;]*\bssl\b/m.test(block)) out += block;
    at = end;
    pattern.lastIndex = end;
  }
  return out + conf.slice(at);
}

export type NginxOptions = {
  tlsPort: number;
  varnish: Address;
  certificate: { cert: string; key: string };
  /** nginx's prefix: logs, pid file and temporary files go here. */
  dir: string;
  /** The master runs as root: workers too (else nginx would switch them to `nobody`, who cannot read `dir`). */
  runAsRoot: boolean;
};

/** A whole nginx.conf around the shipped server block(s), pointed at this machine's ports and files. */
export function nginxConfig(shipped: string, options: NginxOptions): string {
  if (/^\s*http\s*\{/m.test(shipped))
    throw new Error(
      'deploy/nginx/storefront.conf is expected to hold server and upstream blocks, not a whole nginx.conf',
    );
  const upstream = `${options.varnish.host}:${options.varnish.port}`;
  let sawTls = false;
  const body = withoutPlainServers(shipped)
    .split('\n')
    .flatMap((line) => {
      const directive = /^(\s*)(\w+)\s+([^;]*);/.exec(line);
      if (!directive) return [line];
      const [, indent, name, args] = directive as unknown as [string, string, string, string];
      switch (name) {
        case 'listen': {
          if (/\[/.test(args)) return []; // the IPv6 twin of another listen
          sawTls = true;
          const rest = args
            .split(/\s+/)
            .slice(1)
            .filter((flag) => !/^(default_server|reuseport|ipv6only=)/.test(flag));
          return [`${indent}listen 127.0.0.1:${options.tlsPort} ${rest.join(' ')};`];
        }
        case 'ssl_certificate':
          return [`${indent}ssl_certificate ${options.certificate.cert};`];
        case 'ssl_certificate_key':
          return [`${indent}ssl_certificate_key ${options.certificate.key};`];
        case 'ssl_trusted_certificate':
        case 'ssl_stapling':
        case 'ssl_stapling_verify':
        case 'ssl_dhparam':
        case 'resolver':
          return [];
        case 'access_log':
          return [`${indent}access_log off;`];
        case 'error_log':
          return [`${indent}error_log stderr warn;`];
        case 'server':
          // Inside an upstream block: `server host:port …;` (a `server {` block does not end in `;`).
          return [line.replace(/server\s+[^\s;]+/, `server ${upstream}`)];
        case 'proxy_pass':
          // A literal address (an upstream's name is left alone: its `server` line is rewritten above).
          return [line.replace(/proxy_pass\s+http:\/\/[\d.]+:\d+/, `proxy_pass http://${upstream}`)];
        default:
          return [line];
      }
    })
    .join('\n');
  if (!sawTls) throw new Error('deploy/nginx/storefront.conf has no `listen … ssl` server');
  const temp = (name: string) => `${name}_temp_path ${options.dir}/${name}_temp;`;
  return [
    ...(options.runAsRoot ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${options.dir}/nginx.pid;`,
    'error_log stderr warn;',
    'events { worker_connections 1024; }',
    'http {',
    `  include /etc/nginx/mime.types;`,
    '  access_log off;',
    `  ${temp('client_body')}`,
    `  ${temp('proxy')}`,
    `  ${temp('fastcgi')}`,
    `  ${temp('uwsgi')}`,
    `  ${temp('scgi')}`,
    body,
    '}',
    '',
  ].join('\n');
}
