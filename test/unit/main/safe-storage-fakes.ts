/** Stand-ins for Electron's safeStorage and the vault file, shared by the tests of what main keeps in them. */
export function fakeSafeStorage(available: boolean, backend = 'gnome_libsecret') {
  return {
    isEncryptionAvailable: () => available,
    // A stand-in cipher: XOR, so the stored text never equals or contains the secret.
    encryptString: (s: string) => Buffer.from(Buffer.from(s, 'utf8').map((b) => b ^ 0x5a)),
    decryptString: (b: Buffer) => Buffer.from(b.map((x) => x ^ 0x5a)).toString('utf8'),
    getSelectedStorageBackend: () => backend,
  };
}

export function memoryFile() {
  const data = new Map<string, unknown>();
  return { data, get: (k: string) => data.get(k), set: (k: string, v: unknown) => void data.set(k, v), delete: (k: string) => void data.delete(k) };
}
