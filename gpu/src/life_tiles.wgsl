// Several generations of two-colour Life in one dispatch, on bit planes laid
// out as `life_planes.wgsl` lays them (field f's `alive` plane then its `p2`
// plane, h rows of `words` words, 32 cells a word, bits past the width
// zero). A workgroup steps a tile of whole rows in workgroup memory: its
// `inner` rows and `halo` rows above and below them (round the torus, or
// rows outside the field that stay dead), so global memory is read once
// and written once for up to `halo` generations. After generation j the
// rows at least j from the tile's edges are exact, so the inner rows are
// exact after `halo`. Each recorded generation's figures for the inner rows
// are summed in workgroup memory and added to the field's row of `stats`
// once per workgroup. The CPU twin is `life_tiles.rs::life_tiles_cpu`.

struct Params {
    w: u32,
    h: u32,
    wrap: u32,
    fields: u32,
    words: u32,
    // The `stats` row of this dispatch's first generation.
    generation: u32,
    // 0: no figures; 1: each generation's in rows generation, generation + 1,
    // ...; 2: the last generation's only, in row `generation`.
    record: u32,
    // Generations this dispatch steps (1 to `halo`).
    steps: u32,
    // Rows above and below a tile's inner rows.
    halo: u32,
    // Rows a tile holds (inner + 2 × halo; at most TILE_WORDS / words).
    tile_rows: u32,
    // The tile's own rows, written back.
    inner: u32,
    pad: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read_write> dst: array<u32>;
@group(0) @binding(3) var<storage, read_write> stats: array<atomic<u32>>;

// Words a tile's plane holds (both planes, twice over for ping-pong:
// 12 KiB of the 16 KiB a workgroup may have).
const TILE_WORDS: u32 = 768u;
const GROUP: u32 = 128u;

var<workgroup> tile_a: array<array<u32, 768>, 2>;
var<workgroup> tile_p: array<array<u32, 768>, 2>;
var<workgroup> wg_stats: array<atomic<u32>, 4>;

// K_LO, K_HI, fmix32, count8, next_words, word_figures and add_figures come from
// life_common.wgsl, joined before this file.

// Word i of buffer s of the `alive` plane (plane 0) or the `p2` plane.
fn tile_word(plane: u32, s: u32, i: u32) -> u32 {
    if (plane == 0u) {
        return tile_a[s][i];
    }
    return tile_p[s][i];
}

// Word x of tile row r and its west and east neighbour planes (across words,
// and round the row's ends on a torus), as `row3` in life_planes.wgsl.
fn tile_row3(plane: u32, s: u32, r: u32, x: u32) -> vec3<u32> {
    let words = params.words;
    let at = r * words;
    let c = tile_word(plane, s, at + x);
    var west = c << 1u;
    if (x > 0u) {
        west = west | (tile_word(plane, s, at + x - 1u) >> 31u);
    } else if (params.wrap != 0u) {
        let l = params.w - 1u;
        west = west | ((tile_word(plane, s, at + l / 32u) >> (l % 32u)) & 1u);
    }
    var east = c >> 1u;
    if (x + 1u < words) {
        east = east | (tile_word(plane, s, at + x + 1u) << 31u);
    } else if (params.wrap != 0u) {
        east = east | ((tile_word(plane, s, at) & 1u) << ((params.w - 1u) % 32u));
    }
    return vec3<u32>(west, c, east);
}

// The field row of tile row r (`first` is the field row of the tile's first
// inner row), round the torus; `h` (no row) outside a bounded field.
fn field_row(first: u32, r: u32) -> u32 {
    let y = i32(first) + i32(r) - i32(params.halo);
    let h = i32(params.h);
    if (params.wrap != 0u) {
        return u32(((y % h) + h) % h);
    }
    if (y < 0 || y >= h) {
        return params.h;
    }
    return u32(y);
}

@compute @workgroup_size(128, 1, 1)
fn life_tiles(
    @builtin(workgroup_id) wid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
) {
    let f = wid.z;
    let words = params.words;
    let rows = params.tile_rows;
    let first = wid.x * params.inner;
    let plane = params.h * words;
    let ab = f * 2u * plane;
    let pb = ab + plane;
    if (lid < 4u) {
        atomicStore(&wg_stats[lid], 0u);
    }
    for (var i = lid; i < rows * words; i = i + GROUP) {
        let y = field_row(first, i / words);
        let x = i % words;
        var a = 0u;
        var p = 0u;
        if (y < params.h) {
            a = src[ab + y * words + x];
            p = src[pb + y * words + x];
        }
        tile_a[0][i] = a;
        tile_p[0][i] = p;
    }
    workgroupBarrier();
    for (var j = 1u; j <= params.steps; j = j + 1u) {
        let s = (j - 1u) & 1u;
        let d = j & 1u;
        let recorded = params.record == 1u || (params.record == 2u && j == params.steps);
        // This invocation's share of the generation's figures, added to the
        // workgroup's once (not once a word).
        var mine = vec4<u32>(0u, 0u, 0u, 0u);
        for (var i = lid + j * words; i < (rows - j) * words; i = i + GROUP) {
            let r = i / words;
            let x = i % words;
            let y = field_row(first, r);
            var na = 0u;
            var np = 0u;
            if (y < params.h) {
                let next = next_words(
                    tile_row3(0u, s, r - 1u, x), tile_row3(0u, s, r, x), tile_row3(0u, s, r + 1u, x),
                    tile_row3(1u, s, r - 1u, x), tile_row3(1u, s, r, x), tile_row3(1u, s, r + 1u, x),
                );
                let mask = valid_bits(x);
                na = next.x & mask;
                np = next.y & mask;
            }
            tile_a[d][i] = na;
            tile_p[d][i] = np;
            // The figures of the tile's own rows (not the halo's, nor an
            // inner row past the field's end that the torus repeats).
            let own = r >= params.halo && r < params.halo + params.inner && first + r - params.halo < params.h;
            if (recorded && own && na != 0u) {
                mine = mine + word_figures(na, np, y * params.w + 32u * x);
            }
        }
        if (recorded && any(mine != vec4<u32>(0u, 0u, 0u, 0u))) {
            add_figures(mine);
        }
        workgroupBarrier();
        if (recorded && lid < 4u) {
            let row = select(params.generation, params.generation + j - 1u, params.record == 1u);
            let v = atomicLoad(&wg_stats[lid]);
            if (v != 0u) {
                atomicAdd(&stats[(row * params.fields + f) * 4u + lid], v);
            }
            atomicStore(&wg_stats[lid], 0u);
        }
        workgroupBarrier();
    }
    let fin = params.steps & 1u;
    for (var i = lid + params.halo * words; i < (params.halo + params.inner) * words; i = i + GROUP) {
        let y = first + i / words - params.halo;
        if (y < params.h) {
            let x = i % words;
            dst[ab + y * words + x] = tile_a[fin][i];
            dst[pb + y * words + x] = tile_p[fin][i];
        }
    }
}
