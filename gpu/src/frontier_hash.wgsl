// BLAKE3 of a batch of fixed-length keys, one key per invocation (the hash
// itself is `blake3.wgsl`'s, prepended). Key k's bytes are little-endian in
// words [k*stride, k*stride + ceil(len/4)), zero-padded. The CPU twin is
// `frontier_hash.rs::frontier_hash_cpu`.

struct Params {
    key_len: u32,
    stride: u32,
    count: u32,
    // Invocations per row of the 2-D dispatch (workgroups in x times 64).
    row: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> keys: array<u32>;
@group(0) @binding(2) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64, 1, 1)
fn frontier_hash(@builtin(global_invocation_id) gid: vec3<u32>) {
    let k = gid.x + gid.y * params.row;
    if (k >= params.count) {
        return;
    }
    let cv = hash_key(k * params.stride, (params.key_len + 3u) / 4u, params.key_len);
    for (var i = 0u; i < 8u; i = i + 1u) {
        out[k * 8u + i] = cv[i];
    }
}
