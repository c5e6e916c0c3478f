// What the Life shaders share, put before each (`life_step.rs`,
// `life_planes.rs` and `life_tiles.rs` join the sources): the seeds and the
// mixing of the kernel's `Field::hash` (wrapping sums of fmix32 over the
// live cells), and the bit-sliced sum of eight neighbour planes.

const K_LO: u32 = 0x9E3779B9u;
const K_HI: u32 = 0x85EBCA6Bu;

fn fmix32(h0: u32) -> u32 {
    var h = h0;
    h = h ^ (h >> 16u);
    h = h * 0x85EBCA6Bu;
    h = h ^ (h >> 13u);
    h = h * 0xC2B2AE35u;
    h = h ^ (h >> 16u);
    return h;
}

// The sum of eight one-bit planes, as its bits (1, 2, 4, 8).
fn count8(n0: u32, n1: u32, n2: u32, n3: u32, n4: u32, n5: u32, n6: u32, n7: u32) -> vec4<u32> {
    let t1 = n0 ^ n1;
    let s1 = t1 ^ n2;
    let c1 = (n0 & n1) | (n2 & t1);
    let t2 = n3 ^ n4;
    let s2 = t2 ^ n5;
    let c2 = (n3 & n4) | (n5 & t2);
    let s3 = n6 ^ n7;
    let c3 = n6 & n7;
    let ta = s1 ^ s2;
    let b0 = ta ^ s3;
    let ca = (s1 & s2) | (s3 & ta);
    let tb = c1 ^ c2;
    let t = tb ^ c3;
    let cb = (c1 & c2) | (c3 & tb);
    let b1 = t ^ ca;
    let cc = t & ca;
    return vec4<u32>(b0, b1, cb ^ cc, cb & cc);
}

// The rule on 32 cells at once: the next `alive` and `p2` words (x, y) of a
// word from its row and the rows above and below, each as (west, here,
// east) neighbour planes of `alive` (a_*) and of `p2` (p_*). A cell is alive
// next when it has 3 neighbours, or 2 and is alive; it is player 2's when it
// survives as player 2's or is born with at least 2 of its 3 neighbours
// player 2's. Bits past the width are cleared by the caller.
fn next_words(a_up: vec3<u32>, a_mid: vec3<u32>, a_dn: vec3<u32>, p_up: vec3<u32>, p_mid: vec3<u32>, p_dn: vec3<u32>) -> vec2<u32> {
    let n = count8(a_up.x, a_up.y, a_up.z, a_mid.x, a_mid.z, a_dn.x, a_dn.y, a_dn.z);
    let q_up = a_up & p_up;
    let q_mid = a_mid & p_mid;
    let q_dn = a_dn & p_dn;
    let q = count8(q_up.x, q_up.y, q_up.z, q_mid.x, q_mid.z, q_dn.x, q_dn.y, q_dn.z);
    let none_high = ~n.z & ~n.w;
    let eq3 = n.x & n.y & none_high;
    let eq2 = ~n.x & n.y & none_high;
    let q_ge2 = q.y | q.z | q.w;
    let alive = a_mid.y;
    let p2 = p_mid.y & alive;
    let survive = alive & (eq2 | eq3);
    let born = ~alive & eq3;
    return vec2<u32>(survive | born, (survive & p2) | (born & q_ge2));
}

// A word's figures: player 1's and player 2's cells, and the field hash's
// two halves over its live cells (cell index `first` is the word's bit 0).
// Wrapping sums, so they may be added in any order.
fn word_figures(alive: u32, p2: u32, first: u32) -> vec4<u32> {
    var lo = 0u;
    var hi = 0u;
    var m = alive;
    loop {
        if (m == 0u) {
            break;
        }
        let b = firstTrailingBit(m);
        let key = ((first + b) << 1u) | ((p2 >> b) & 1u);
        lo = lo + fmix32(key ^ K_LO);
        hi = hi + fmix32(key ^ K_HI);
        m = m & (m - 1u);
    }
    return vec4<u32>(countOneBits(alive & ~p2), countOneBits(p2), lo, hi);
}

// Adds figures to the workgroup's sums.
fn add_figures(f: vec4<u32>) {
    atomicAdd(&wg_stats[0u], f.x);
    atomicAdd(&wg_stats[1u], f.y);
    atomicAdd(&wg_stats[2u], f.z);
    atomicAdd(&wg_stats[3u], f.w);
}

// The bits of word x of a row that are cells (bits past the field's width,
// `params.w`, are always zero). Every Life shader's parameters have `w`.
fn valid_bits(x: u32) -> u32 {
    let r = params.w - 32u * x;
    if (r >= 32u) {
        return 0xFFFFFFFFu;
    }
    return (1u << r) - 1u;
}
