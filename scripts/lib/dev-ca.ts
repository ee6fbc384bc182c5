import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

/**
 * The development certificate authority of docs/agent-api.md §4: customer URLs must be https, so
 * local tests and the demo serve the demo shop over TLS with a certificate this CA signs, and
 * the service trusts the CA only through OUTBOUND_EXTRA_CA. Made once per checkout under
 * `var/dev-ca/` (ignored by git), again when the host changes or the certificate nears its end.
 */
export interface DevCertificates {
  caPath: string;
  certPath: string;
  keyPath: string;
}

const DAY_MS = 86_400_000;

export function ensureDevCertificates(host: string, dir = 'var/dev-ca'): DevCertificates {
  const files = { caPath: path.join(dir, 'ca.pem'), certPath: path.join(dir, 'server.pem'), keyPath: path.join(dir, 'server-key.pem') };
  if (stillGood(files.certPath, host)) return files;
  mkdirSync(dir, { recursive: true });
  const ca = issue({ commonName: 'WA Platform development CA', isCa: true });
  const server = issue({ commonName: host, host, signer: ca });
  writeFileSync(files.caPath, forge.pki.certificateToPem(ca.cert));
  writeFileSync(files.certPath, forge.pki.certificateToPem(server.cert));
  writeFileSync(files.keyPath, forge.pki.privateKeyToPem(server.keys.privateKey), { mode: 0o600 });
  return files;
}

function stillGood(certPath: string, host: string): boolean {
  if (!existsSync(certPath)) return false;
  const cert = forge.pki.certificateFromPem(readFileSync(certPath, 'utf8'));
  const names = (cert.getExtension('subjectAltName') as { altNames?: Array<{ ip?: string; value?: string }> } | null)?.altNames ?? [];
  return cert.validity.notAfter.getTime() - Date.now() > 7 * DAY_MS && names.some((name) => name.ip === host || name.value === host);
}

interface Issued {
  cert: forge.pki.Certificate;
  keys: forge.pki.rsa.KeyPair;
}

function issue({ commonName, isCa = false, host, signer }: { commonName: string; isCa?: boolean; host?: string; signer?: Issued }): Issued {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(8))}`;
  cert.validity.notBefore = new Date(Date.now() - DAY_MS);
  cert.validity.notAfter = new Date(Date.now() + 365 * DAY_MS);
  const subject = [{ name: 'commonName', value: commonName }];
  cert.setSubject(subject);
  cert.setIssuer(signer ? signer.cert.subject.attributes : subject);
  const isIp = host !== undefined && /^[\d.]+$|:/.test(host);
  cert.setExtensions(
    isCa
      ? [
          { name: 'basicConstraints', cA: true, critical: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
          { name: 'extKeyUsage', serverAuth: true },
          { name: 'subjectAltName', altNames: [isIp ? { type: 7, ip: host } : { type: 2, value: host }] },
        ],
  );
  cert.sign((signer ?? { keys }).keys.privateKey, forge.md.sha256.create());
  return { cert, keys };
}
