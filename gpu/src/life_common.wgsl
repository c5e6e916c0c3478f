// What the Life shaders share, put before each (`life_step.rs` and
// `life_planes.rs` join the sources): the seeds and the mixing of the
// kernel's `Field::hash` (wrapping sums of fmix32 over the live cells).

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
