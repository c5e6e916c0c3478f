// BLAKE3 of one key of 1 to 1,024 bytes (a single chunk, so no tree
// merging), shared by the shaders that hash keys (`frontier_hash.wgsl`,
// `frontier_dedup.wgsl`): each declares the `keys` it reads. Only 32-bit
// adds, rotates and xors. The CPU twin is `frontier_hash.rs::frontier_hash_cpu`.

const IV = array<u32, 8>(0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au, 0x510E527Fu, 0x9B05688Cu, 0x1F83D9ABu, 0x5BE0CD19u);
const PERM = array<u32, 16>(2u, 6u, 3u, 10u, 7u, 0u, 4u, 13u, 1u, 11u, 12u, 5u, 9u, 14u, 15u, 8u);
const CHUNK_START: u32 = 1u;
const CHUNK_END: u32 = 2u;
const ROOT: u32 = 8u;

fn rotr(x: u32, n: u32) -> u32 {
    return (x >> n) | (x << (32u - n));
}

fn g(s: ptr<function, array<u32, 16>>, a: u32, b: u32, c: u32, d: u32, mx: u32, my: u32) {
    (*s)[a] = (*s)[a] + (*s)[b] + mx;
    (*s)[d] = rotr((*s)[d] ^ (*s)[a], 16u);
    (*s)[c] = (*s)[c] + (*s)[d];
    (*s)[b] = rotr((*s)[b] ^ (*s)[c], 12u);
    (*s)[a] = (*s)[a] + (*s)[b] + my;
    (*s)[d] = rotr((*s)[d] ^ (*s)[a], 8u);
    (*s)[c] = (*s)[c] + (*s)[d];
    (*s)[b] = rotr((*s)[b] ^ (*s)[c], 7u);
}

// One compression of a block into the chaining value (counter is always 0:
// every key is the first and only chunk).
fn compress(cv: ptr<function, array<u32, 8>>, m0: array<u32, 16>, block_len: u32, flags: u32) {
    var s: array<u32, 16>;
    for (var i = 0u; i < 8u; i = i + 1u) {
        s[i] = (*cv)[i];
    }
    s[8] = IV[0]; s[9] = IV[1]; s[10] = IV[2]; s[11] = IV[3];
    s[12] = 0u; s[13] = 0u; s[14] = block_len; s[15] = flags;
    var m = m0;
    for (var r = 0u; r < 7u; r = r + 1u) {
        g(&s, 0u, 4u, 8u, 12u, m[0], m[1]);
        g(&s, 1u, 5u, 9u, 13u, m[2], m[3]);
        g(&s, 2u, 6u, 10u, 14u, m[4], m[5]);
        g(&s, 3u, 7u, 11u, 15u, m[6], m[7]);
        g(&s, 0u, 5u, 10u, 15u, m[8], m[9]);
        g(&s, 1u, 6u, 11u, 12u, m[10], m[11]);
        g(&s, 2u, 7u, 8u, 13u, m[12], m[13]);
        g(&s, 3u, 4u, 9u, 14u, m[14], m[15]);
        var p: array<u32, 16>;
        for (var i = 0u; i < 16u; i = i + 1u) {
            p[i] = m[PERM[i]];
        }
        m = p;
    }
    for (var i = 0u; i < 8u; i = i + 1u) {
        (*cv)[i] = s[i] ^ s[i + 8u];
    }
}

// BLAKE3 of the `len`-byte message whose little-endian words start at
// `keys[base]`: its first `words` words are the key's (zero-padded to a
// word), the rest zeros (a key hashed padded to whole blocks).
fn hash_key(base: u32, words: u32, len: u32) -> array<u32, 8> {
    var blocks = (len + 63u) / 64u;
    if (blocks == 0u) {
        blocks = 1u;
    }
    var cv: array<u32, 8>;
    for (var i = 0u; i < 8u; i = i + 1u) {
        cv[i] = IV[i];
    }
    for (var b = 0u; b < blocks; b = b + 1u) {
        var m: array<u32, 16>;
        for (var i = 0u; i < 16u; i = i + 1u) {
            let wi = b * 16u + i;
            m[i] = select(0u, keys[base + wi], wi < words);
        }
        var flags = 0u;
        if (b == 0u) {
            flags = flags | CHUNK_START;
        }
        var block_len = 64u;
        if (b + 1u == blocks) {
            flags = flags | CHUNK_END | ROOT;
            block_len = len - b * 64u;
        }
        compress(&cv, m, block_len, flags);
    }
    return cv;
}
