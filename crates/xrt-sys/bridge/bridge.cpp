// air-stitch's C++ bridge over XRT (see bridge.h). Built by build.rs against the XRT it finds;
// AXS_NPU=1 (XRT >= 2.18) adds the NPU half: register_xclbin, hw_context, the ELF path.
#include "bridge.h"

#include <chrono>
#include <cstring>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <vector>

#include "xrt/xrt_bo.h"
#include "xrt/xrt_device.h"
#include "xrt/xrt_kernel.h"

#if AXS_NPU
#include "xrt/xrt_hw_context.h"
#include "xrt/experimental/xrt_xclbin.h"
#if __has_include("xrt/experimental/xrt_elf.h") && __has_include("xrt/experimental/xrt_ext.h")
#define AXS_ELF 1
#include "xrt/experimental/xrt_elf.h"
#include "xrt/experimental/xrt_ext.h"
#else
#define AXS_ELF 0
#endif
#else
#define AXS_ELF 0
#endif

#ifndef AXS_XRT_VERSION_CODE
#error "build.rs defines AXS_XRT_VERSION_CODE from the XRT headers"
#endif

struct axs_device {
  xrt::device device;
};

struct axs_kernel {
#if AXS_NPU
  xrt::xclbin xclbin;
  xrt::hw_context context;
#endif
#if AXS_ELF
  xrt::elf elf_image;
#endif
  xrt::kernel kernel;
  xrt::bo instr;
  uint32_t n_instr = 0;
  bool elf = false;
};

struct axs_bo {
  xrt::bo bo;
};

namespace {

void say(char* msg, size_t cap, const std::string& text) {
  if (msg == nullptr || cap == 0) return;
  size_t n = text.size() < cap - 1 ? text.size() : cap - 1;
  std::memcpy(msg, text.data(), n);
  msg[n] = '\0';
}

// Runs `f`, turning every exception into AXS_ERR_XRT and its message.
template <typename F>
int guarded(char* msg, size_t cap, F&& f) {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    say(msg, cap, "out of host memory");
    return AXS_ERR_XRT;
  } catch (const std::exception& e) {
    say(msg, cap, e.what());
    return AXS_ERR_XRT;
  } catch (...) {
    say(msg, cap, "XRT threw an exception that is not a std::exception");
    return AXS_ERR_XRT;
  }
}

std::string version_text() {
  return std::to_string(AXS_XRT_VERSION_CODE >> 16) + "." + std::to_string(AXS_XRT_VERSION_CODE & 0xffff);
}

int no_npu(char* msg, size_t cap) {
  say(msg, cap, "this XRT (" + version_text() +
                    ") has no NPU support: XRT >= 2.18 with the amdxdna driver is needed");
  return AXS_ERR_NO_NPU;
}

const char* state_name(int state) {
  switch (state) {
    case ERT_CMD_STATE_NEW: return "ERT_CMD_STATE_NEW";
    case ERT_CMD_STATE_QUEUED: return "ERT_CMD_STATE_QUEUED";
    case ERT_CMD_STATE_RUNNING: return "ERT_CMD_STATE_RUNNING";
    case ERT_CMD_STATE_COMPLETED: return "ERT_CMD_STATE_COMPLETED";
    case ERT_CMD_STATE_ERROR: return "ERT_CMD_STATE_ERROR";
    case ERT_CMD_STATE_ABORT: return "ERT_CMD_STATE_ABORT";
    case ERT_CMD_STATE_SUBMITTED: return "ERT_CMD_STATE_SUBMITTED";
    case ERT_CMD_STATE_TIMEOUT: return "ERT_CMD_STATE_TIMEOUT";
    case ERT_CMD_STATE_NORESPONSE: return "ERT_CMD_STATE_NORESPONSE";
    case ERT_CMD_STATE_SKERROR: return "ERT_CMD_STATE_SKERROR";
    case ERT_CMD_STATE_SKCRASHED: return "ERT_CMD_STATE_SKCRASHED";
    default: return "an unknown state";
  }
}

}  // namespace

extern "C" {

uint32_t axs_xrt_version(void) { return AXS_XRT_VERSION_CODE; }

int axs_npu_supported(void) { return AXS_NPU ? 1 : 0; }

int axs_elf_supported(void) { return AXS_ELF ? 1 : 0; }

int axs_device_open(uint32_t index, axs_device** out, char* msg, size_t cap) {
  if (out == nullptr) return AXS_ERR_ARGUMENT;
  *out = nullptr;
  return guarded(msg, cap, [&]() -> int {
    xrt::device device(index);
    *out = new axs_device{std::move(device)};
    return AXS_OK;
  });
}

void axs_device_close(axs_device* device) {
  char ignored[1];
  guarded(ignored, sizeof ignored, [&]() -> int {
    delete device;
    return AXS_OK;
  });
}

int axs_kernel_xclbin(axs_device* device, const void* xclbin, size_t xclbin_len, const char* name,
                      const uint32_t* insts, size_t n_insts, axs_kernel** out, char* msg, size_t cap) {
  if (out == nullptr) return AXS_ERR_ARGUMENT;
  *out = nullptr;
#if AXS_NPU
  if (device == nullptr || xclbin == nullptr || name == nullptr || (insts == nullptr && n_insts > 0)) {
    say(msg, cap, "a null device, xclbin, kernel name or instruction stream");
    return AXS_ERR_ARGUMENT;
  }
  return guarded(msg, cap, [&]() -> int {
    auto k = new axs_kernel{};
    try {
      const char* bytes = static_cast<const char*>(xclbin);
      k->xclbin = xrt::xclbin(std::vector<char>(bytes, bytes + xclbin_len));
      device->device.register_xclbin(k->xclbin);
      k->context = xrt::hw_context(device->device, k->xclbin.get_uuid());
      std::string wanted(name), found;
      std::string names;
      for (const auto& candidate : k->xclbin.get_kernels()) {
        std::string n = candidate.get_name();
        names += (names.empty() ? "" : ", ") + n;
        if (n == wanted || (found.empty() && n.find(wanted) != std::string::npos)) found = n;
        if (n == wanted) break;
      }
      if (found.empty()) {
        say(msg, cap, "the xclbin has no kernel named `" + wanted + "` (its kernels: " +
                          (names.empty() ? std::string("none") : names) + ")");
        delete k;
        return AXS_ERR_ARGUMENT;
      }
      k->kernel = xrt::kernel(k->context, found);
      k->n_instr = static_cast<uint32_t>(n_insts);
      // bo::flags::cacheable is XCL_BO_FLAGS_CACHEABLE; the enum (not the macro) selects the
      // xrt::device constructor rather than the deprecated xclDeviceHandle one.
      k->instr = xrt::bo(device->device, n_insts * sizeof(uint32_t), xrt::bo::flags::cacheable,
                         k->kernel.group_id(1));
      k->instr.write(insts, n_insts * sizeof(uint32_t), 0);
      k->instr.sync(XCL_BO_SYNC_BO_TO_DEVICE);
    } catch (...) {
      delete k;
      throw;
    }
    *out = k;
    return AXS_OK;
  });
#else
  (void)device, (void)xclbin, (void)xclbin_len, (void)name, (void)insts, (void)n_insts;
  return no_npu(msg, cap);
#endif
}

int axs_kernel_elf(axs_device* device, const void* elf, size_t elf_len, const char* name,
                   axs_kernel** out, char* msg, size_t cap) {
  if (out == nullptr) return AXS_ERR_ARGUMENT;
  *out = nullptr;
#if AXS_ELF
  if (device == nullptr || elf == nullptr || name == nullptr) {
    say(msg, cap, "a null device, ELF or kernel name");
    return AXS_ERR_ARGUMENT;
  }
  return guarded(msg, cap, [&]() -> int {
    auto k = new axs_kernel{};
    try {
      k->elf = true;
      k->elf_image = xrt::elf(std::string_view(static_cast<const char*>(elf), elf_len));
      k->context = xrt::hw_context(device->device, k->elf_image);
      k->kernel = xrt::ext::kernel(k->context, std::string(name));
    } catch (...) {
      delete k;
      throw;
    }
    *out = k;
    return AXS_OK;
  });
#elif AXS_NPU
  (void)device, (void)elf, (void)elf_len, (void)name;
  say(msg, cap, "this XRT (" + version_text() + ") has no ELF API (xrt::elf, xrt::ext::kernel)");
  return AXS_ERR_NO_NPU;
#else
  (void)device, (void)elf, (void)elf_len, (void)name;
  return no_npu(msg, cap);
#endif
}

void axs_kernel_close(axs_kernel* kernel) {
  char ignored[1];
  guarded(ignored, sizeof ignored, [&]() -> int {
    delete kernel;
    return AXS_OK;
  });
}

int axs_bo_alloc(axs_device* device, axs_kernel* kernel, size_t arg, size_t bytes, axs_bo** out,
                 char* msg, size_t cap) {
  if (out == nullptr) return AXS_ERR_ARGUMENT;
  *out = nullptr;
  if (device == nullptr || kernel == nullptr) {
    say(msg, cap, "a null device or kernel");
    return AXS_ERR_ARGUMENT;
  }
  return guarded(msg, cap, [&]() -> int {
    xrt::bo bo;
#if AXS_ELF
    if (kernel->elf) bo = xrt::ext::bo(device->device, bytes);
#endif
    if (!kernel->elf) {
      int group = kernel->kernel.group_id(static_cast<int>(arg) + 3);
      bo = xrt::bo(device->device, bytes, xrt::bo::flags::host_only, static_cast<xrt::memory_group>(group));
    }
    std::vector<char> zeros(bytes);
    bo.write(zeros.data(), bytes, 0);
    bo.sync(XCL_BO_SYNC_BO_TO_DEVICE);
    *out = new axs_bo{std::move(bo)};
    return AXS_OK;
  });
}

int axs_bo_sub(axs_bo* parent, size_t offset, size_t len, axs_bo** out, char* msg, size_t cap) {
  if (out == nullptr) return AXS_ERR_ARGUMENT;
  *out = nullptr;
  if (parent == nullptr) return AXS_ERR_ARGUMENT;
  return guarded(msg, cap, [&]() -> int {
    xrt::bo sub(parent->bo, len, offset);
    *out = new axs_bo{std::move(sub)};
    return AXS_OK;
  });
}

size_t axs_bo_size(const axs_bo* bo) {
  if (bo == nullptr) return 0;
  try {
    return bo->bo.size();
  } catch (...) {
    return 0;
  }
}

int axs_bo_write(axs_bo* bo, size_t offset, const void* data, size_t len, char* msg, size_t cap) {
  if (bo == nullptr || (data == nullptr && len > 0)) return AXS_ERR_ARGUMENT;
  return guarded(msg, cap, [&]() -> int {
    bo->bo.write(data, len, offset);
    bo->bo.sync(XCL_BO_SYNC_BO_TO_DEVICE, len, offset);
    return AXS_OK;
  });
}

int axs_bo_read(axs_bo* bo, void* data, size_t len, char* msg, size_t cap) {
  if (bo == nullptr || (data == nullptr && len > 0)) return AXS_ERR_ARGUMENT;
  return guarded(msg, cap, [&]() -> int {
    bo->bo.sync(XCL_BO_SYNC_BO_FROM_DEVICE, len, 0);
    bo->bo.read(data, len, 0);
    return AXS_OK;
  });
}

void axs_bo_free(axs_bo* bo) {
  char ignored[1];
  guarded(ignored, sizeof ignored, [&]() -> int {
    delete bo;
    return AXS_OK;
  });
}

int axs_run(axs_kernel* kernel, axs_bo* const* args, size_t n_args, uint32_t timeout_ms,
            uint64_t* nanos, int* state, char* msg, size_t cap) {
  if (kernel == nullptr || nanos == nullptr || state == nullptr || (args == nullptr && n_args > 0)) {
    return AXS_ERR_ARGUMENT;
  }
  *nanos = 0;
  *state = 0;
  return guarded(msg, cap, [&]() -> int {
    xrt::run run(kernel->kernel);
    int slot = 0;
    if (!kernel->elf) {
      // mlir-aie's calling convention: opcode 3 (run the instruction stream), the
      // instruction BO and its length in 32-bit words, then the data BOs.
      run.set_arg(0, static_cast<uint64_t>(3));
      run.set_arg(1, kernel->instr);
      run.set_arg(2, kernel->n_instr);
      slot = 3;
    }
    for (size_t i = 0; i < n_args; i++) {
      if (args[i] == nullptr) {
        say(msg, cap, "a null buffer for argument " + std::to_string(i));
        return static_cast<int>(AXS_ERR_ARGUMENT);
      }
      run.set_arg(slot + static_cast<int>(i), args[i]->bo);
    }
    auto start = std::chrono::steady_clock::now();
    run.start();
    ert_cmd_state final_state = run.wait(std::chrono::milliseconds{timeout_ms});
    auto end = std::chrono::steady_clock::now();
    *nanos = static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(end - start).count());
    *state = static_cast<int>(final_state);
    if (final_state != ERT_CMD_STATE_COMPLETED) {
      say(msg, cap, std::string("the run ended in ") + state_name(final_state) + ", not ERT_CMD_STATE_COMPLETED");
      return static_cast<int>(AXS_ERR_STATE);
    }
    return static_cast<int>(AXS_OK);
  });
}

int axs_selftest_throw(int kind, char* msg, size_t cap) {
  return guarded(msg, cap, [&]() -> int {
    if (kind == 0) throw std::runtime_error("selftest: a std::runtime_error");
    if (kind == 1) throw 42;
    return static_cast<int>(AXS_OK);
  });
}

}  // extern "C"
