// The Miau solver's visited set on the GPU: a batch of keys goes up, each is
// hashed zero-padded to whole blocks (`blake3.wgsl`, prepended), its
// fingerprint (the first 12 bytes of the hash, as the CPU's table keeps) is looked up in an open-addressed table
// that stays on the GPU and inserted when new, and one bit per key comes
// back. The CPU twin is `frontier_dedup.rs::frontier_dedup_cpu`.
//
// A slot is four words: a claim, then the fingerprint's three words. Claim 0
// is an empty slot; 1 is a fingerprint from an earlier table (rehashed);
// otherwise it is the number of the key that claimed it (keys are numbered
// across the whole search, from 2, so a claim below this batch's `base` is
// from an earlier batch). Four passes, each its own dispatch, so each reads
// what the one before wrote:
//
// 1. `dedup_hash`: each key's fingerprint into `prints` (four words a key:
//    the fingerprint's three and, after pass 2, the key's slot).
// 2. `dedup_insert`: each key probes from its home slot. An empty slot is
//    claimed by compare-exchange (the winner writes the fingerprint beside
//    it). A claimed slot is compared: a claim from this batch by its key's
//    fingerprint in `prints` (written by pass 1, so never half-written), an
//    older claim by the slot's own words (written by an earlier batch). Where
//    the fingerprint is found, a key of this batch lowers the claim to its
//    own number (`atomicMin`): only keys with that fingerprint ever touch the
//    claim after it is made, so it ends as the lowest of them, whatever the
//    order the invocations ran in.
// 3. `dedup_verdict`: a key is new when its slot's claim is its own number
//    (so, of equal keys in a batch, the first is new, and one seen in an
//    earlier batch never is): one bit a key, 32 to a word.
// 4. `dedup_rehash` (only when the table grows): every fingerprint of the old
//    table into the new one, claimed as 1.
//
// The host keeps the table at most half full, so a probe always ends; should
// one not end within its bound anyway, it is counted in the word after the
// bits and the host reports an error rather than a wrong answer.

struct Params {
    key_len: u32,
    stride: u32,
    count: u32,
    // Invocations per row of the 2-D dispatch (workgroups in x times 64).
    row: u32,
    // The number of this batch's first key; older claims are below it.
    base: u32,
    // Slots in the table minus one (a power of two minus one).
    mask: u32,
    // Slots in the old table (the rehash pass).
    old_slots: u32,
    // Bytes a key is hashed as: zero-padded to whole 64-byte blocks (the
    // CPU's `hashing::padded_len`).
    hash_len: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> keys: array<u32>;
@group(0) @binding(2) var<storage, read_write> prints: array<u32>;
@group(0) @binding(3) var<storage, read_write> table: array<atomic<u32>>;
@group(0) @binding(4) var<storage, read_write> bits: array<atomic<u32>>;
@group(0) @binding(5) var<storage, read> old_table: array<u32>;

// A fingerprint's home slot: its second word (the first 12 bytes of BLAKE3
// are uniform, so any of its words would do).
fn home(f1: u32) -> u32 {
    return f1 & params.mask;
}

fn key_index(gid: vec3<u32>) -> u32 {
    return gid.x + gid.y * params.row;
}

@compute @workgroup_size(64, 1, 1)
fn dedup_hash(@builtin(global_invocation_id) gid: vec3<u32>) {
    let k = key_index(gid);
    if (k >= params.count) {
        return;
    }
    let cv = hash_key(k * params.stride, (params.key_len + 3u) / 4u, params.hash_len);
    prints[4u * k] = cv[0];
    prints[4u * k + 1u] = cv[1];
    prints[4u * k + 2u] = cv[2];
}

@compute @workgroup_size(64, 1, 1)
fn dedup_insert(@builtin(global_invocation_id) gid: vec3<u32>) {
    let k = key_index(gid);
    if (k >= params.count) {
        return;
    }
    let f0 = prints[4u * k];
    let f1 = prints[4u * k + 1u];
    let f2 = prints[4u * k + 2u];
    let me = params.base + k;
    var s = home(f1);
    // Every slot once, and a few more tries for a compare-exchange that
    // failed without cause (the weak form may).
    let bound = params.mask + 65u;
    for (var tries = 0u; tries < bound; tries = tries + 1u) {
        var owner = atomicLoad(&table[4u * s]);
        if (owner == 0u) {
            let r = atomicCompareExchangeWeak(&table[4u * s], 0u, me);
            if (r.exchanged) {
                atomicStore(&table[4u * s + 1u], f0);
                atomicStore(&table[4u * s + 2u], f1);
                atomicStore(&table[4u * s + 3u], f2);
                prints[4u * k + 3u] = s;
                return;
            }
            owner = r.old_value;
            if (owner == 0u) {
                continue; // A spurious failure: the same slot again.
            }
        }
        var same = false;
        if (owner >= params.base) {
            let j = 4u * (owner - params.base);
            same = prints[j] == f0 && prints[j + 1u] == f1 && prints[j + 2u] == f2;
        } else {
            same = atomicLoad(&table[4u * s + 1u]) == f0 && atomicLoad(&table[4u * s + 2u]) == f1
                && atomicLoad(&table[4u * s + 3u]) == f2;
        }
        if (same) {
            if (owner >= params.base) {
                atomicMin(&table[4u * s], me);
            }
            prints[4u * k + 3u] = s;
            return;
        }
        s = (s + 1u) & params.mask;
    }
    prints[4u * k + 3u] = 0xFFFFFFFFu;
    atomicAdd(&bits[(params.count + 31u) / 32u], 1u);
}

@compute @workgroup_size(64, 1, 1)
fn dedup_verdict(@builtin(global_invocation_id) gid: vec3<u32>) {
    let w = key_index(gid);
    if (w >= (params.count + 31u) / 32u) {
        return;
    }
    var word = 0u;
    for (var b = 0u; b < 32u; b = b + 1u) {
        let k = 32u * w + b;
        if (k < params.count) {
            let s = prints[4u * k + 3u];
            if (s != 0xFFFFFFFFu && atomicLoad(&table[4u * s]) == params.base + k) {
                word = word | (1u << b);
            }
        }
    }
    atomicStore(&bits[w], word);
}

@compute @workgroup_size(64, 1, 1)
fn dedup_rehash(@builtin(global_invocation_id) gid: vec3<u32>) {
    let o = key_index(gid);
    if (o >= params.old_slots || old_table[4u * o] == 0u) {
        return;
    }
    let f0 = old_table[4u * o + 1u];
    let f1 = old_table[4u * o + 2u];
    let f2 = old_table[4u * o + 3u];
    var s = home(f1);
    let bound = params.mask + 65u;
    for (var tries = 0u; tries < bound; tries = tries + 1u) {
        // The old table's fingerprints are all different: a claimed slot is
        // someone else's.
        let r = atomicCompareExchangeWeak(&table[4u * s], 0u, 1u);
        if (r.exchanged) {
            atomicStore(&table[4u * s + 1u], f0);
            atomicStore(&table[4u * s + 2u], f1);
            atomicStore(&table[4u * s + 3u], f2);
            return;
        }
        if (r.old_value != 0u) {
            s = (s + 1u) & params.mask;
        }
    }
    atomicAdd(&bits[(params.count + 31u) / 32u], 1u);
}
