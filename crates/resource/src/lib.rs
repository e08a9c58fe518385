//! NPU resource models and the check-bd analysis (in progress).
