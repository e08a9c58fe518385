/* air-stitch's C bridge over XRT's C++ API (bridge.cpp). Every function catches every C++
 * exception (XRT throws through its API, e.g. "XILINX_XRT not set", which would abort a Rust
 * caller) and returns a status with a message in the caller's buffer. */
#ifndef AXS_BRIDGE_H
#define AXS_BRIDGE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct axs_device axs_device;
typedef struct axs_kernel axs_kernel;
typedef struct axs_bo axs_bo;

enum axs_status {
  AXS_OK = 0,
  /* XRT failed: it threw, or returned an error; the message says what it said. */
  AXS_ERR_XRT = 1,
  /* The XRT the bridge was built against has no NPU API (< 2.18), or no ELF API. */
  AXS_ERR_NO_NPU = 2,
  /* A caller's mistake the bridge caught (a null handle, a range outside a buffer). */
  AXS_ERR_ARGUMENT = 3,
  /* The run ended in a state other than ERT_CMD_STATE_COMPLETED (in *state). */
  AXS_ERR_STATE = 4
};

/* XRT_VERSION_CODE of the headers the bridge was built against: major << 16 | minor. */
uint32_t axs_xrt_version(void);
/* 1 when the NPU half (hw_context, xrt::kernel from it, run with opcode 3) is built. */
int axs_npu_supported(void);
/* 1 when the ELF path (xrt::elf, xrt::ext::kernel) is built. */
int axs_elf_supported(void);

int axs_device_open(uint32_t index, axs_device** out, char* msg, size_t cap);
void axs_device_close(axs_device* device);

/* Registers the xclbin, opens hw_context(device, uuid), the kernel `name` (exact, else the
 * first whose name contains it) and its instruction BO (cacheable, group_id(1)), written and
 * synced. */
int axs_kernel_xclbin(axs_device* device, const void* xclbin, size_t xclbin_len, const char* name,
                      const uint32_t* insts, size_t n_insts, axs_kernel** out, char* msg, size_t cap);
/* xrt::elf from the bytes, hw_context(device, elf), xrt::ext::kernel(ctx, name). */
int axs_kernel_elf(axs_device* device, const void* elf, size_t elf_len, const char* name,
                   axs_kernel** out, char* msg, size_t cap);
void axs_kernel_close(axs_kernel* kernel);

/* A host-only BO of `bytes` in the group of data argument `arg` (xclbin: group_id(3 + arg);
 * ELF: xrt::ext::bo). Zero-filled and synced to the device. */
int axs_bo_alloc(axs_device* device, axs_kernel* kernel, size_t arg, size_t bytes, axs_bo** out,
                 char* msg, size_t cap);
/* xrt::bo(parent, len, offset). */
int axs_bo_sub(axs_bo* parent, size_t offset, size_t len, axs_bo** out, char* msg, size_t cap);
size_t axs_bo_size(const axs_bo* bo);
/* Writes `len` bytes at `offset` and syncs that range to the device. */
int axs_bo_write(axs_bo* bo, size_t offset, const void* data, size_t len, char* msg, size_t cap);
/* Syncs the whole BO from the device and reads it into `data` (`len` = its size). */
int axs_bo_read(axs_bo* bo, void* data, size_t len, char* msg, size_t cap);
void axs_bo_free(axs_bo* bo);

/* One run: xclbin kernels get opcode 3, the instruction BO and its word count in slots 0-2 and
 * the data BOs from slot 3; ELF kernels the data BOs from slot 0. start(), wait(timeout_ms; 0 =
 * no limit). *state is the final ert_cmd_state, *nanos the time from start() to wait()'s return. */
int axs_run(axs_kernel* kernel, axs_bo* const* args, size_t n_args, uint32_t timeout_ms,
            uint64_t* nanos, int* state, char* msg, size_t cap);

/* Test hook: throws (kind 0: std::runtime_error("..."), 1: an int, 2: nothing) inside the
 * bridge's catch wrapper, so a test proves both exception kinds become statuses. */
int axs_selftest_throw(int kind, char* msg, size_t cap);

#ifdef __cplusplus
}
#endif

#endif
