// One generation of two-colour Life on bit planes, 32 cells to a word: for a
// batch of fields, field f holds two planes of h rows of `words` words each,
// `alive` then `p2` (set where a live cell is player 2's), at
// f * 2 * h * words. Bits past the width are always zero. One invocation
// steps one word: neighbour counts by bit-sliced adders over the eight
// shifted neighbour planes, for `alive` and for `alive & p2`; a cell is
// alive next when it has 3 neighbours, or 2 and is alive; it is player 2's
// when it survives as player 2's or is born with at least 2 of its 3
// neighbours player 2's. A generation's counts and field hash (the kernel's
// `Field::hash`) are summed in workgroup memory and added to the field's
// row of `stats` once per workgroup, when this generation is recorded.
// The CPU twin is `life_planes.rs::life_planes_cpu`.

struct Params {
    w: u32,
    h: u32,
    wrap: u32,
    fields: u32,
    words: u32,
    // Index of this generation's rows in `stats`.
    generation: u32,
    // Whether this generation's figures are kept.
    record: u32,
    pad: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read_write> dst: array<u32>;
@group(0) @binding(3) var<storage, read_write> stats: array<atomic<u32>>;

var<workgroup> wg_stats: array<atomic<u32>, 4>;

// K_LO, K_HI, fmix32 and count8 come from life_common.wgsl, joined before this file.

fn word_at(base: u32, y: u32, x: u32) -> u32 {
    return src[base + y * params.words + x];
}

// The cell in column c of row y of the plane at `base`, as 0 or 1.
fn cell_bit(base: u32, y: u32, c: u32) -> u32 {
    return (word_at(base, y, c / 32u) >> (c % 32u)) & 1u;
}

// Word x of row y and its west and east neighbour planes: bit i of `west`
// is the cell left of bit i, of `east` the cell right of it (across words,
// and round the edge on a torus). Bits past the width are cleared later.
fn row3(base: u32, y: u32, x: u32) -> vec3<u32> {
    let c = word_at(base, y, x);
    let last = params.words - 1u;
    var west = c << 1u;
    if (x > 0u) {
        west = west | (word_at(base, y, x - 1u) >> 31u);
    } else if (params.wrap != 0u) {
        west = west | cell_bit(base, y, params.w - 1u);
    }
    var east = c >> 1u;
    if (x < last) {
        east = east | (word_at(base, y, x + 1u) << 31u);
    } else if (params.wrap != 0u) {
        east = east | (cell_bit(base, y, 0u) << ((params.w - 1u) % 32u));
    }
    return vec3<u32>(west, c, east);
}

@compute @workgroup_size(64, 1, 1)
fn life_planes(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
) {
    if (lid < 4u) {
        atomicStore(&wg_stats[lid], 0u);
    }
    workgroupBarrier();
    step_word(gid);
    workgroupBarrier();
    // A workgroup covers one row of one field: one thread adds its sums.
    let f = gid.z;
    if (lid < 4u && f < params.fields && params.record != 0u) {
        let v = atomicLoad(&wg_stats[lid]);
        if (v != 0u) {
            atomicAdd(&stats[(params.generation * params.fields + f) * 4u + lid], v);
        }
    }
}

fn step_word(gid: vec3<u32>) {
    let x = gid.x;
    let y = gid.y;
    let f = gid.z;
    let h = params.h;
    if (x >= params.words || y >= h || f >= params.fields) {
        return;
    }
    let plane = h * params.words;
    let ab = f * 2u * plane;
    let pb = ab + plane;
    // The rows above and below (none past a bounded edge).
    var up_ok = true;
    var down_ok = true;
    var yu = 0u;
    var yd = 0u;
    if (y == 0u) {
        up_ok = params.wrap != 0u;
        yu = h - 1u;
    } else {
        yu = y - 1u;
    }
    if (y + 1u == h) {
        down_ok = params.wrap != 0u;
        yd = 0u;
    } else {
        yd = y + 1u;
    }
    let zero = vec3<u32>(0u, 0u, 0u);
    let a_mid = row3(ab, y, x);
    let p_mid = row3(pb, y, x);
    var a_up = zero;
    var p_up = zero;
    if (up_ok) {
        a_up = row3(ab, yu, x);
        p_up = row3(pb, yu, x);
    }
    var a_dn = zero;
    var p_dn = zero;
    if (down_ok) {
        a_dn = row3(ab, yd, x);
        p_dn = row3(pb, yd, x);
    }
    let next = next_words(a_up, a_mid, a_dn, p_up, p_mid, p_dn);
    let mask = valid_bits(x);
    let next_alive = next.x & mask;
    let next_p2 = next.y & mask;
    dst[ab + y * params.words + x] = next_alive;
    dst[pb + y * params.words + x] = next_p2;
    if (params.record == 0u || next_alive == 0u) {
        return;
    }
    add_figures(word_figures(next_alive, next_p2, y * params.w + 32u * x));
}
