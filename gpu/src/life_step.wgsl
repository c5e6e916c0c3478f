// One generation of two-colour Life for a batch of fields, one u32 per cell
// (0 dead, 1 player 1, 2 player 2), field f's cell (x, y) at f*w*h + y*w + x.
// Each live cell of the result adds itself to its workgroup's sums, and each
// workgroup adds those to its field's row of `stats` for this generation:
// [count p1, count p2, hash lo, hash hi], with the hash the kernel's
// `Field::hash` (wrapping sums of fmix32, so order does not matter).
// The CPU twin is `life_step.rs::life_step_cpu`.

struct Params {
    w: u32,
    h: u32,
    wrap: u32,
    fields: u32,
    // Index of this generation's rows in `stats` (0 when only the last is kept).
    generation: u32,
    // Whether this generation's figures are kept at all.
    record: u32,
    pad1: u32,
    pad2: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read_write> dst: array<u32>;
@group(0) @binding(3) var<storage, read_write> stats: array<atomic<u32>>;

// K_LO, K_HI and fmix32 come from life_common.wgsl, joined before this file.

// A workgroup's figures, summed in workgroup memory first: each field gets
// one global atomic per figure per workgroup, not three per live cell.
var<workgroup> wg_stats: array<atomic<u32>, 4>;

@compute @workgroup_size(8, 8, 1)
fn life_step(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
) {
    if (lid < 4u) {
        atomicStore(&wg_stats[lid], 0u);
    }
    workgroupBarrier();
    step_cell(gid);
    workgroupBarrier();
    // A workgroup covers one field (its z is the field): one thread adds the
    // workgroup's sums to the field's row (wrapping sums: order does not matter).
    let f = gid.z;
    if (lid < 4u && f < params.fields && params.record != 0u) {
        let v = atomicLoad(&wg_stats[lid]);
        if (v != 0u) {
            let row = (params.generation * params.fields + f) * 4u;
            atomicAdd(&stats[row + lid], v);
        }
    }
}

fn step_cell(gid: vec3<u32>) {
    let x = gid.x;
    let y = gid.y;
    let f = gid.z;
    let w = params.w;
    let h = params.h;
    if (x >= w || y >= h || f >= params.fields) {
        return;
    }
    let base = f * w * h;
    var n1 = 0u;
    var n2 = 0u;
    // k = 0, 1, 2 stands for an offset of -1, 0, +1.
    for (var ky = 0u; ky < 3u; ky = ky + 1u) {
        for (var kx = 0u; kx < 3u; kx = kx + 1u) {
            if (kx == 1u && ky == 1u) {
                continue;
            }
            var nx: u32;
            var ny: u32;
            if (params.wrap != 0u) {
                // (x + w - 1 + k) mod w: no unsigned wrap-around below zero.
                nx = (x + w - 1u + kx) % w;
                ny = (y + h - 1u + ky) % h;
            } else {
                if ((x == 0u && kx == 0u) || (y == 0u && ky == 0u)) {
                    continue;
                }
                nx = x + kx - 1u;
                ny = y + ky - 1u;
                if (nx >= w || ny >= h) {
                    continue;
                }
            }
            let c = src[base + ny * w + nx];
            n1 = n1 + select(0u, 1u, c == 1u);
            n2 = n2 + select(0u, 1u, c == 2u);
        }
    }
    let i = y * w + x;
    let me = src[base + i];
    let live = n1 + n2;
    var out = 0u;
    if (me != 0u && (live == 2u || live == 3u)) {
        out = me;
    } else if (me == 0u && live == 3u) {
        out = select(1u, 2u, n2 > n1);
    }
    dst[base + i] = out;
    if (out != 0u && params.record != 0u) {
        atomicAdd(&wg_stats[out - 1u], 1u);
        let key = (i << 1u) | (out - 1u);
        atomicAdd(&wg_stats[2u], fmix32(key ^ K_LO));
        atomicAdd(&wg_stats[3u], fmix32(key ^ K_HI));
    }
}
