import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Secrets the server must read back (an authenticator app's secret, issue 29)
// cannot be kept as hashes: they are sealed with the site's key (AES-256-GCM),
// which lives outside the database (SECRET_KEY, or DATA_DIR/secret.key), so a
// copy of the database alone opens none of them.

const VERSION = 'v1';

export class SecretBox {
  private readonly key: Buffer;

  constructor(material: string | Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', material, 'linkverse', 'secret-box v1', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
  }

  /** The plain text, or undefined when it was sealed with another key or changed since. */
  open(sealed: string): string | undefined {
    const [version, body] = sealed.split('.');
    if (version !== VERSION || !body) return undefined;
    const bytes = Buffer.from(body, 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}

/** SECRET_KEY when it is set; else the key in DATA_DIR/secret.key, made (readable by the owner only) on first use. */
export function loadSecretBox(secretKey: string | undefined, dataDir: string): SecretBox {
  if (secretKey) return new SecretBox(secretKey);
  const file = path.join(dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64url') + '\n', { flag: 'wx', mode: 0o600 });
      chmodSync(file, 0o600);
    } catch (error) {
      // Another process sharing the folder made it first: its key is the one.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return new SecretBox(readFileSync(file, 'utf8').trim());
}
