import DiscordModels

/// Checks message components: layout of action rows, button styles and `custom_id` rules; with
/// the layout flag, the layout components (``LayoutComponentValidator``).
struct ComponentValidator {
    private static let selectTypes: Set<Int> = [3, 5, 6, 7, 8]

    let path: [String]

    /// `filenames`: the files `attachment://…` may name (uploads and kept attachments).
    func validate(_ rows: [Component], componentsV2: Bool, filenames: Set<String> = []) throws(DiscordAPIError) {
        var customIDs = Set<String>()
        guard !componentsV2 else {
            return try LayoutComponentValidator(path: path, rows: self, filenames: filenames).validate(rows, customIDs: &customIDs)
        }
        for (r, row) in rows.enumerated() {
            let rowPath = path + [String(r)]
            guard row.type == 1 else { throw error(rowPath + ["type"], "COMPONENT_LAYOUT_INVALID", "Top-level components must be action rows.") }
            try validateRow(row, at: rowPath, customIDs: &customIDs)
        }
    }

    /// An action row: 1–5 buttons, or one select; `custom_id`s unique within the message.
    func validateRow(_ row: Component, at rowPath: [String], customIDs: inout Set<String>) throws(DiscordAPIError) {
        let children = row.components ?? []
        guard !children.isEmpty else { throw error(rowPath + ["components"], "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.") }
        guard children.count <= PayloadLimits.buttonsPerRow else {
            throw error(rowPath + ["components"], "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
        }
        let selects = children.filter { Self.selectTypes.contains($0.type) }
        if !selects.isEmpty && children.count > 1 {
            throw error(rowPath + ["components"], "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "A select must be alone in its row.")
        }
        for (c, child) in children.enumerated() {
            let childPath = rowPath + ["components", String(c)]
            switch child.type {
            case 2: try validateButton(child, at: childPath)
            case let type where Self.selectTypes.contains(type):
                guard let id = child.customID, (1...PayloadLimits.customID).contains(id.codePointCount) else {
                    throw error(childPath + ["custom_id"], "BASE_TYPE_REQUIRED", "This field is required")
                }
            default:
                throw error(childPath + ["type"], "COMPONENT_TYPE_INVALID", "This component is not allowed in an action row.")
            }
            try checkUnique(child, at: childPath, customIDs: &customIDs)
        }
    }

    /// A button beside a Section's text: validated like one in a row, its `custom_id` unique too.
    func validateAccessoryButton(_ button: Component, at path: [String], customIDs: inout Set<String>) throws(DiscordAPIError) {
        try validateButton(button, at: path)
        try checkUnique(button, at: path, customIDs: &customIDs)
    }

    private func checkUnique(_ child: Component, at childPath: [String], customIDs: inout Set<String>) throws(DiscordAPIError) {
        if let id = child.customID, !customIDs.insert(id).inserted {
            throw error(childPath + ["custom_id"], "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
        }
    }

    private func validateButton(_ button: Component, at path: [String]) throws(DiscordAPIError) {
        switch button.style {
        case 1, 2, 3, 4:
            guard let id = button.customID, (1...PayloadLimits.customID).contains(id.codePointCount) else {
                throw error(path + ["custom_id"], "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED", "A custom id is required")
            }
            if button.url != nil || button.skuID != nil {
                throw error(path, "BUTTON_COMPONENT_INVALID", "Only link buttons have a url; only premium buttons a sku_id.")
            }
        case 5:
            guard button.url != nil, button.customID == nil else {
                throw error(path + ["url"], "BUTTON_COMPONENT_URL_REQUIRED", "Link buttons need a url and no custom id.")
            }
        case 6:
            guard button.skuID != nil, button.customID == nil, button.label == nil, button.url == nil else {
                throw error(path + ["sku_id"], "BUTTON_COMPONENT_SKU_ID_REQUIRED",
                            "Premium buttons need a sku_id and no custom_id, label or url.")
            }
        default:
            throw error(path + ["style"], "BASE_TYPE_CHOICES", "Value must be one of (1, 2, 3, 4, 5, 6).")
        }
    }

    private func error(_ path: [String], _ code: String, _ message: String) -> DiscordAPIError {
        .invalidFormBody(at: path, code: code, message: message)
    }

}
