import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Format tag of stored ciphertext, so a later scheme can sit next to this one. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts secrets at rest with AES-256-GCM (node:crypto; issue #12 "bot token encrypted at
 * rest"). The 256-bit key is derived with HKDF-SHA256 from the configured ENCRYPTION_KEY (or the
 * one generated into DATA_DIR) and a purpose label, so one configured key serves several uses
 * without reuse. Each value gets a random 96-bit IV; the stored text is
 * `v1.{iv}.{tag}.{ciphertext}` (base64url), and a tampered value fails to decrypt.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(encryptionKey: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', encryptionKey, 'tandem', purpose, 32));
  }

  /** The ciphertext of `plaintext` (UTF-8), different on every call. */
  seal(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  /**
   * The plaintext of `sealed`.
   * @throws Error when it is not this format, or was sealed with another key or changed.
   */
  open(sealed: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('SecretBox: not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}
