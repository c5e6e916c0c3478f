//! # retrace-gpu
//!
//! The wgpu compute backend: the Life step and the Miau solver's frontier
//! hashing, each bit-exact with a same-named CPU twin in the kernel.
//!
//! Not built yet (see the GPU backend issue). Until then the games run on their
//! CPU paths only.
