//! Razorpay. For now: verifying what Razorpay signs, so payment state changes only on input that
//! carries a valid signature. Orders over Razorpay's HTTP API come with the payments capability.

pub mod signature;
