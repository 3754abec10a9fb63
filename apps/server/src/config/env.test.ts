import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

const DATABASE_URL = 'postgresql://tandem@db.example.test:5432/tandem';
const SECRETS = {
  JWT_SECRET: 'a-jwt-secret-of-at-least-thirty-two-characters',
  CODE_PEPPER: 'a-code-pepper-of-at-least-thirty-two-characters',
};

const tempDirs: string[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tandem-env-'));
  tempDirs.push(dir);
  return path.join(dir, 'data');
}
afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configError(source: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('loadConfig did not throw');
}

describe('loadConfig', () => {
  it('with DATABASE_URL, requires JWT_SECRET and CODE_PEPPER and names both', () => {
    const error = configError({ DATABASE_URL });
    expect(error.message).toContain('JWT_SECRET');
    expect(error.message).toContain('CODE_PEPPER');
    expect(() => loadConfig({ DATABASE_URL, JWT_SECRET: SECRETS.JWT_SECRET })).toThrow(/CODE_PEPPER/);
  });

  it('refuses secrets shorter than 32 characters', () => {
    const error = configError({ DATABASE_URL, JWT_SECRET: 'short', CODE_PEPPER: SECRETS.CODE_PEPPER });
    expect(error.message).toContain('JWT_SECRET');
    expect(error.message).not.toContain('CODE_PEPPER');
  });

  it('lists every bad variable in one error', () => {
    const error = configError({ PORT: 'abc', MAIL_URL: 'notaurl', DATA_DIR: tempDataDir() });
    expect(error.message).toContain('PORT');
    expect(error.message).toContain('MAIL_URL');
  });

  it('lists bad variables and missing secrets together', () => {
    const error = configError({ DATABASE_URL, PORT: 'abc' });
    expect(error.message).toContain('PORT');
    expect(error.message).toContain('JWT_SECRET');
    expect(error.message).toContain('CODE_PEPPER');
  });

  it('in embedded mode, generates DATA_DIR/secrets.json once and reuses it', () => {
    const dataDir = tempDataDir();
    const file = path.join(dataDir, 'secrets.json');
    expect(existsSync(file)).toBe(false);
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(existsSync(file)).toBe(true);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.codePepper.length).toBeGreaterThanOrEqual(32);
    expect(first.jwtSecret).not.toBe(first.codePepper);
    expect(first.encryptionKey.length).toBeGreaterThanOrEqual(32);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      jwtSecret: first.jwtSecret,
      codePepper: first.codePepper,
      encryptionKey: first.encryptionKey,
    });
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o077).toBe(0);

    const contents = readFileSync(file, 'utf8');
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.codePepper).toBe(first.codePepper);
    expect(readFileSync(file, 'utf8')).toBe(contents);

    const configured = loadConfig({ DATA_DIR: dataDir, ...SECRETS });
    expect(configured.jwtSecret).toBe(SECRETS.JWT_SECRET);
    expect(configured.codePepper).toBe(SECRETS.CODE_PEPPER);
  });

  it('ignores TANDEM_DEMO when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL, ...SECRETS, TANDEM_DEMO: '1' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL, ...SECRETS }).seedDemo).toBe(false);
    const dataDir = tempDataDir();
    expect(loadConfig({ DATA_DIR: dataDir, TANDEM_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, TANDEM_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('parses the rest: defaults, lists and the public URL', () => {
    const config = loadConfig({
      DATABASE_URL,
      ...SECRETS,
      PORT: '8080',
      PUBLIC_URL: 'https://tandem.example.com/',
      CLIENT_IDS: 'tandem-web, tandem-ios ,',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://tandem.example.com',
      databaseUrl: DATABASE_URL,
      clientIds: ['tandem-web', 'tandem-ios'],
      trustProxy: true,
      accessTokenTtlSeconds: 900,
      env: 'development',
    });
    expect(loadConfig({ DATABASE_URL, ...SECRETS }).publicUrl).toBe('http://localhost:3000');
  });

  it('counts an empty variable as unset, for every variable', () => {
    const dataDir = tempDataDir();
    const config = loadConfig({
      DATA_DIR: dataDir,
      NODE_ENV: '',
      PORT: '',
      HOST: '',
      PUBLIC_URL: '',
      DATABASE_URL: '',
      MAIL_URL: '',
      MAIL_FROM: '',
      MAIL_JOB_TIMEOUT_SECONDS: '',
      IDEMPOTENCY_LEASE_SECONDS: '',
      JWT_SECRET: '',
      CODE_PEPPER: '',
      ACCESS_TOKEN_TTL_SECONDS: '',
      CLIENT_IDS: '',
      RATE_LIMIT_PER_MINUTE: '',
      TRUST_PROXY: '',
      TANDEM_DEMO: '',
      LOG_LEVEL: '',
    });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      mailUrl: undefined,
      mailFrom: 'Tandem <no-reply@tandem.local>',
      mailJobTimeoutSeconds: 60,
      idempotencyLeaseSeconds: 30,
      accessTokenTtlSeconds: 900,
      clientIds: ['tandem-web'],
      rateLimitPerMinute: 600,
      trustProxy: false,
      seedDemo: true,
      logLevel: 'info',
    });
    // Empty secrets are generated like absent ones, and an empty DATABASE_URL asks for none.
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses NODE_ENV=production without MAIL_URL, with a clear message', () => {
    const error = configError({ NODE_ENV: 'production', DATABASE_URL, ...SECRETS });
    expect(error.message).toContain('MAIL_URL: required when NODE_ENV is production');
    expect(error.message).toContain('written to the log');
    expect(configError({ NODE_ENV: 'production', MAIL_URL: '', DATABASE_URL, ...SECRETS }).message).toContain('MAIL_URL');
    // Listed together with the other problems.
    const both = configError({ NODE_ENV: 'production', DATABASE_URL, PORT: 'abc' });
    expect(both.message).toContain('PORT');
    expect(both.message).toContain('JWT_SECRET');
    expect(both.message).toContain('MAIL_URL');

    const config = loadConfig({ NODE_ENV: 'production', MAIL_URL: 'smtp://mail.example.test:587', DATABASE_URL, ...SECRETS });
    expect(config).toMatchObject({ env: 'production', mailUrl: 'smtp://mail.example.test:587' });
    expect(loadConfig({ DATABASE_URL, ...SECRETS }).mailUrl).toBeUndefined();
  });

  it('reads MAIL_JOB_TIMEOUT_SECONDS (1 to 3600 seconds, default 60)', () => {
    expect(loadConfig({ DATABASE_URL, ...SECRETS }).mailJobTimeoutSeconds).toBe(60);
    expect(loadConfig({ DATABASE_URL, ...SECRETS, MAIL_JOB_TIMEOUT_SECONDS: '5' }).mailJobTimeoutSeconds).toBe(5);
    expect(configError({ DATABASE_URL, ...SECRETS, MAIL_JOB_TIMEOUT_SECONDS: '0' }).message).toContain('MAIL_JOB_TIMEOUT_SECONDS');
  });

  it('reads IDEMPOTENCY_LEASE_SECONDS (1 to 3600 seconds, default 30)', () => {
    expect(loadConfig({ DATABASE_URL, ...SECRETS }).idempotencyLeaseSeconds).toBe(30);
    expect(loadConfig({ DATABASE_URL, ...SECRETS, IDEMPOTENCY_LEASE_SECONDS: '2' }).idempotencyLeaseSeconds).toBe(2);
    expect(configError({ DATABASE_URL, ...SECRETS, IDEMPOTENCY_LEASE_SECONDS: '0' }).message).toContain('IDEMPOTENCY_LEASE_SECONDS');
  });

  describe('ENCRYPTION_KEY (issue #12)', () => {
    const ENCRYPTION_KEY = 'an-encryption-key-of-at-least-32-characters';
    const SLACK = { SLACK_CLIENT_ID: '1111.2222', SLACK_CLIENT_SECRET: 'client-secret', SLACK_SIGNING_SECRET: 'signing-secret' };

    it('is used as given, and refused when shorter than 32 characters', () => {
      expect(loadConfig({ DATABASE_URL, ...SECRETS, ENCRYPTION_KEY }).encryptionKey).toBe(ENCRYPTION_KEY);
      expect(configError({ DATABASE_URL, ...SECRETS, ENCRYPTION_KEY: 'short' }).message).toContain('ENCRYPTION_KEY');
    });

    it('is required with DATABASE_URL once Slack is configured, so every instance opens the same tokens', () => {
      const error = configError({ DATABASE_URL, ...SECRETS, ...SLACK });
      expect(error.message).toContain('ENCRYPTION_KEY: required when DATABASE_URL and SLACK_CLIENT_ID are set');
      expect(loadConfig({ DATABASE_URL, ...SECRETS, ...SLACK, ENCRYPTION_KEY }).encryptionKey).toBe(ENCRYPTION_KEY);
    });

    it('in embedded mode, is added to an older secrets.json without changing the other secrets', () => {
      const dataDir = tempDataDir();
      mkdirSync(dataDir, { recursive: true });
      const file = path.join(dataDir, 'secrets.json');
      writeFileSync(file, JSON.stringify({ jwtSecret: SECRETS.JWT_SECRET, codePepper: SECRETS.CODE_PEPPER }));
      const config = loadConfig({ DATA_DIR: dataDir, ...SLACK });
      expect(config.jwtSecret).toBe(SECRETS.JWT_SECRET);
      expect(config.codePepper).toBe(SECRETS.CODE_PEPPER);
      expect(config.encryptionKey.length).toBeGreaterThanOrEqual(32);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
        jwtSecret: SECRETS.JWT_SECRET,
        codePepper: SECRETS.CODE_PEPPER,
        encryptionKey: config.encryptionKey,
      });
      expect(loadConfig({ DATA_DIR: dataDir }).encryptionKey).toBe(config.encryptionKey);
    });
  });

  describe('SLACK_* (issue #12)', () => {
    const SLACK = { SLACK_CLIENT_ID: '1111.2222', SLACK_CLIENT_SECRET: 'client-secret', SLACK_SIGNING_SECRET: 'signing-secret' };
    const base = { DATABASE_URL, ...SECRETS, ENCRYPTION_KEY: 'an-encryption-key-of-at-least-32-characters' };

    it('configures Slack with Slack’s own URLs once the three settings are set', () => {
      expect(loadConfig({ ...base, ...SLACK }).slack).toEqual({
        clientId: '1111.2222',
        clientSecret: 'client-secret',
        signingSecret: 'signing-secret',
        apiUrl: 'https://slack.com/api/',
        authorizeUrl: 'https://slack.com/oauth/v2/authorize',
      });
    });

    it('leaves Slack unconfigured while any of the three is missing or empty', () => {
      expect(loadConfig(base).slack).toBeNull();
      for (const name of Object.keys(SLACK)) {
        expect(loadConfig({ ...base, ...SLACK, [name]: undefined }).slack, name).toBeNull();
        expect(loadConfig({ ...base, ...SLACK, [name]: '' }).slack, name).toBeNull();
        expect(loadConfig({ ...base, ...SLACK, [name]: undefined }).slackMissingSettings, name).toEqual([name]);
      }
    });

    it('points the Web API and the authorize page at SLACK_API_URL (a stand-in), and refuses a bad URL', () => {
      const config = loadConfig({ ...base, ...SLACK, SLACK_API_URL: 'http://127.0.0.1:4010/api' });
      expect(config.slack).toMatchObject({
        apiUrl: 'http://127.0.0.1:4010/api/',
        authorizeUrl: 'http://127.0.0.1:4010/oauth/v2/authorize',
      });
      expect(configError({ ...base, ...SLACK, SLACK_API_URL: 'not a url' }).message).toContain('SLACK_API_URL');
    });
  });
});
